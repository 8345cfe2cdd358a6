import { type Kysely, sql } from 'kysely';

/** Command idempotency, projection checkpoints and the first read models (students, credit ledger). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table command_idempotency (
      tenant_id   uuid not null,
      key         text not null,
      status_code smallint not null,
      body        jsonb not null,
      created_at  timestamptz not null default now(),
      primary key (tenant_id, key)
    )`.execute(db);

  await sql`
    create table projection_checkpoints (
      name            text primary key,
      transaction_id  xid8 not null,
      global_position bigint not null,
      updated_at      timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table students (
      id          uuid primary key,
      tenant_id   uuid not null,
      nome        text not null,
      telefone    text,
      whatsapp    text,
      email       text,
      plano_id    uuid,
      observacoes text,
      creditos    int not null default 0,
      version     int not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null,
      removed_at  timestamptz
    )`.execute(db);
  await sql`create index students_tenant_nome on students (tenant_id, nome) where removed_at is null`.execute(
    db,
  );

  await sql`
    create table credit_ledger (
      position       bigint primary key,
      tenant_id      uuid not null,
      student_id     uuid not null,
      occurred_at    timestamptz not null,
      type           text not null,
      amount         int not null,
      balance_after  int not null,
      actor_id       text not null,
      actor_role     text not null,
      reason         text not null,
      session_id     uuid,
      transaction_id uuid
    )`.execute(db);
  await sql`create index credit_ledger_student on credit_ledger (tenant_id, student_id, position)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table credit_ledger`.execute(db);
  await sql`drop table students`.execute(db);
  await sql`drop table projection_checkpoints`.execute(db);
  await sql`drop table command_idempotency`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/** Read models of the catalogue: plans, locations with their cancellation policy, active students. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table plans (
      id          uuid primary key,
      tenant_id   uuid not null,
      nome        text not null,
      descricao   text,
      valor       numeric(12, 2) not null,
      creditos    int not null,
      arquivado   boolean not null default false,
      version     int not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null,
      removed_at  timestamptz
    )`.execute(db);
  await sql`create index plans_tenant_nome on plans (tenant_id, nome) where removed_at is null`.execute(
    db,
  );

  await sql`
    create table locations (
      id                  uuid primary key,
      tenant_id           uuid not null,
      nome                text not null,
      endereco            text,
      cep                 text,
      ativo               boolean not null default true,
      cancel_limite_horas int not null default 24,
      taxa_percent        numeric(5, 2) not null default 0,
      queima_credito      boolean not null default false,
      version             int not null,
      created_at          timestamptz not null,
      updated_at          timestamptz not null,
      removed_at          timestamptz
    )`.execute(db);
  await sql`create index locations_tenant_nome on locations (tenant_id, nome) where removed_at is null`.execute(
    db,
  );

  await sql`alter table students add column ativo boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table students drop column ativo`.execute(db);
  await sql`drop table locations`.execute(db);
  await sql`drop table plans`.execute(db);
}

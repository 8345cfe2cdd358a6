import { type Kysely, sql } from 'kysely';

/**
 * Online charges (the charges context) and receipt numbers (finance).
 *
 * `charges`: the read model of the charge streams (the worker writes it; valor numeric(12,2)).
 * `charge_txids`: which tenant and charge a PIX txid is, written with the ChargeCreated event in
 * the command's transaction, so a PSP's notification finds its charge without waiting for the
 * worker. `finance_receipt_numbers`: the per-tenant sequential number of each receita's receipt,
 * given once when the receipt is first issued (never reused, never rebuilt).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table charges (
      id            uuid primary key,
      tenant_id     uuid not null,
      student_id    uuid not null,
      student_nome  text not null,
      telefone      text,
      plan_id       uuid not null,
      plan_nome     text not null,
      creditos      int not null,
      valor         numeric(12,2) not null,
      txid          text not null,
      br_code       text not null,
      status        text not null,
      version       int not null,
      created_at    timestamptz not null,
      paid_at       timestamptz,
      cancelled_at  timestamptz
    )`.execute(db);
  await sql`create index charges_tenant_created on charges (tenant_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table charge_txids (
      txid      text primary key,
      tenant_id uuid not null,
      charge_id uuid not null
    )`.execute(db);

  await sql`
    create table finance_receipt_numbers (
      tenant_id      uuid not null,
      transaction_id uuid not null,
      numero         int not null,
      issued_at      timestamptz not null default now(),
      primary key (tenant_id, transaction_id),
      unique (tenant_id, numero)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists finance_receipt_numbers`.execute(db);
  await sql`drop table if exists charge_txids`.execute(db);
  await sql`drop table if exists charges`.execute(db);
}

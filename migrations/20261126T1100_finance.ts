import { type Kysely, sql } from 'kysely';

/**
 * The finance context's read models (the worker writes them; money numeric(12,2)).
 *
 * `finance_transactions` and `finance_allocations`: the history the trainer sees, voided ones
 * kept with their status. `finance_settings`: goals, currency, time zone and allocation rule (the
 * onboarding's monthly revenue goal seeds `meta_mensal` until the trainer saves goals).
 *
 * The monthly summary (its own projection): `finance_monthly_summaries`, one row per tenant and
 * month with every total the summary shows, so a read never sums; `finance_month_payers`, who paid
 * in a month (for the ticket médio); `finance_sessions`, `finance_students`, `finance_plans` and
 * `finance_zones`, what previsto needs of the agenda, the students and the plans, kept from their
 * published events (this context never reads another context's tables).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table finance_transactions (
      id               uuid primary key,
      tenant_id        uuid not null,
      tipo             text not null,
      valor            numeric(12,2) not null,
      data             date not null,
      descricao        text not null,
      metodo_pagamento text not null,
      student_id       uuid,
      referencia_id    uuid,
      referencia_tipo  text,
      status           text not null,
      version          int not null,
      position         bigint not null,
      created_at       timestamptz not null,
      voided_at        timestamptz
    )`.execute(db);
  await sql`create index finance_transactions_tenant_data on finance_transactions (tenant_id, data desc, position desc)`.execute(
    db,
  );

  await sql`
    create table finance_allocations (
      transaction_id uuid not null,
      tipo           text not null,
      tenant_id      uuid not null,
      valor          numeric(12,2) not null,
      primary key (transaction_id, tipo)
    )`.execute(db);

  await sql`
    create table finance_settings (
      tenant_id        uuid primary key,
      meta_mensal      numeric(12,2) not null,
      meta_trimestral  numeric(12,2) not null,
      meta_anual       numeric(12,2) not null,
      moeda            text not null,
      fuso_horario     text not null,
      alocacao         jsonb,
      goals_set        boolean not null,
      updated_at       timestamptz not null
    )`.execute(db);

  await sql`
    create table finance_monthly_summaries (
      tenant_id   uuid not null,
      month       text not null,
      previsto    numeric(16,2) not null default 0,
      recebido    numeric(16,2) not null default 0,
      despesas    numeric(16,2) not null default 0,
      pagantes    int not null default 0,
      transacoes  int not null default 0,
      imposto     numeric(16,2) not null default 0,
      reserva     numeric(16,2) not null default 0,
      operacional numeric(16,2) not null default 0,
      retirada    numeric(16,2) not null default 0,
      primary key (tenant_id, month)
    )`.execute(db);

  await sql`
    create table finance_month_payers (
      tenant_id uuid not null,
      month     text not null,
      payer     text not null,
      receitas  int not null,
      primary key (tenant_id, month, payer)
    )`.execute(db);

  await sql`
    create table finance_sessions (
      id         uuid primary key,
      tenant_id  uuid not null,
      student_id uuid not null,
      month      text not null,
      status     text not null,
      deleted    boolean not null,
      valor      numeric(12,2) not null,
      version    int not null
    )`.execute(db);

  await sql`
    create table finance_students (
      id        uuid primary key,
      tenant_id uuid not null,
      plano_id  uuid,
      version   int not null
    )`.execute(db);

  await sql`
    create table finance_plans (
      id        uuid primary key,
      tenant_id uuid not null,
      valor     numeric(12,2) not null,
      creditos  int not null,
      version   int not null
    )`.execute(db);

  await sql`
    create table finance_zones (
      tenant_id    uuid primary key,
      fuso_horario text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'finance_zones',
    'finance_plans',
    'finance_students',
    'finance_sessions',
    'finance_month_payers',
    'finance_monthly_summaries',
    'finance_settings',
    'finance_allocations',
    'finance_transactions',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}

import { type Kysely, sql } from 'kysely';

/**
 * `subscriptions` becomes the worker's projection of the subscription streams: made again empty,
 * with the projection's `version`, the cycles the PSP refused (`recusas`) and no column another
 * writer kept (the cycles worker's claim, the reconciliation's count of checks); the worker fills
 * it from the log. The recurrences' checks move to `recurrence_checks`, the reconciliation's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists subscriptions`.execute(db);
  await sql`
    create table subscriptions (
      id                               uuid primary key,
      tenant_id                        uuid not null,
      student_id                       uuid not null,
      plan_id                          uuid not null,
      plan_nome                        text not null,
      valor                            numeric(12,2) not null,
      dia_vencimento                   smallint not null,
      inicio                           date not null,
      status                           text not null,
      proximo_vencimento               date,
      ultimo_vencimento                date,
      recusas                          jsonb not null default '[]',
      created_at                       timestamptz not null,
      cancelled_at                     timestamptz,
      id_rec                           text,
      pix_automatico                   text,
      pix_automatico_falha             text,
      pix_automatico_qr                text,
      pix_automatico_pedido_em         timestamptz,
      pix_automatico_pedido_expira_em  timestamptz,
      rec_check_at                     timestamptz,
      version                          integer not null
    )`.execute(db);
  await sql`create index subscriptions_tenant on subscriptions (tenant_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create index subscriptions_due on subscriptions (proximo_vencimento)
      where proximo_vencimento is not null`.execute(db);
  await sql`
    create unique index subscriptions_id_rec on subscriptions (id_rec)
      where id_rec is not null`.execute(db);
  await sql`
    create index subscriptions_rec_check on subscriptions (rec_check_at)
      where rec_check_at is not null`.execute(db);
  await sql`
    create table recurrence_checks (
      id_rec         text primary key,
      tenant_id      uuid not null,
      since          timestamptz not null,
      attempts       int not null,
      next_check_at  timestamptz not null
    )`.execute(db);
  await sql`delete from projection_checkpoints where name = 'subscriptions'`.execute(db);
}

/** The table of before, empty: its writers of before fill it again only for what comes next. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists recurrence_checks`.execute(db);
  await sql`drop table if exists subscriptions`.execute(db);
  await sql`
    create table subscriptions (
      id                               uuid primary key,
      tenant_id                        uuid not null,
      student_id                       uuid not null,
      plan_id                          uuid not null,
      plan_nome                        text not null,
      valor                            numeric(12,2) not null,
      dia_vencimento                   smallint not null,
      inicio                           date not null,
      status                           text not null,
      proximo_vencimento               date,
      ultimo_vencimento                date,
      claimed_until                    timestamptz,
      created_at                       timestamptz not null,
      cancelled_at                     timestamptz,
      id_rec                           text,
      pix_automatico                   text,
      pix_automatico_falha             text,
      pix_automatico_qr                text,
      pix_automatico_pedido_em         timestamptz,
      pix_automatico_pedido_expira_em  timestamptz,
      rec_check_at                     timestamptz,
      rec_checks                       integer not null default 0
    )`.execute(db);
  await sql`create index subscriptions_tenant on subscriptions (tenant_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create index subscriptions_due on subscriptions (proximo_vencimento)
      where proximo_vencimento is not null`.execute(db);
  await sql`
    create unique index subscriptions_id_rec on subscriptions (id_rec)
      where id_rec is not null`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * `subscriptions.billing`: which cycles a subscription bills, kept as its decider holds it (status,
 * last cycle a cancellation keeps, the pause), so a new way of changing the billing needs no column
 * of its own. The projection is made again from the log (the worker refills it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`truncate subscriptions`.execute(db);
  await sql`
    alter table subscriptions
      drop column ultimo_vencimento,
      drop column pausada_desde,
      drop column pausada_ate,
      add column billing jsonb not null`.execute(db);
  await sql`delete from projection_checkpoints where name = 'subscriptions'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`truncate subscriptions`.execute(db);
  await sql`
    alter table subscriptions
      drop column billing,
      add column ultimo_vencimento date,
      add column pausada_desde text,
      add column pausada_ate text`.execute(db);
  await sql`delete from projection_checkpoints where name = 'subscriptions'`.execute(db);
}

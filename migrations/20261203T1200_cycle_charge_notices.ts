import { type Kysely, sql } from 'kysely';

/**
 * Each subscription cycle tells its student by e-mail once. `cycle_charge_notices`: one row per
 * cycle's charge whose e-mail went out, claimed in the transaction that sends it (a worker that
 * runs the reaction twice, or restarts before its checkpoint moved, finds the row and sends
 * nothing). Written by the sender, never rebuilt; no personal data (closing the account deletes the
 * rows by tenant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cycle_charge_notices (
      charge_id uuid primary key,
      tenant_id uuid not null,
      sent_at   timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists cycle_charge_notices`.execute(db);
}

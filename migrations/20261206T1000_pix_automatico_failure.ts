import { type Kysely, sql } from 'kysely';

/**
 * Pix Automático that the PSP did not make when the student subscribed: what it (or the connection
 * to it) answered, shown on the subscription so the trainer knows every cycle is a charge to pay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions add column pix_automatico_falha text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions drop column if exists pix_automatico_falha`.execute(db);
}

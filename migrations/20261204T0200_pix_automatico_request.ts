import { type Kysely, sql } from 'kysely';

/**
 * Pix Automático's Jornada 1: when the trainer last asked the student's own bank to authorise the
 * subscription's recurrence (a solicitação at the PSP), and until when that request stands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table subscriptions
      add column pix_automatico_pedido_em timestamptz,
      add column pix_automatico_pedido_expira_em timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table subscriptions
      drop column if exists pix_automatico_pedido_em,
      drop column if exists pix_automatico_pedido_expira_em`.execute(db);
}

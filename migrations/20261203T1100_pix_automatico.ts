import { type Kysely, sql } from 'kysely';

/**
 * Pix Automático: a subscription's recurrence at the trainer's PSP (its idRec, which a PSP's
 * notification finds it by, whichever tenant it is), its state (aguardando, autorizada, recusada,
 * cancelada), the composite QR the student scans while it waits, and when the worker next asks the
 * PSP about a recurrence still waiting (the safety net of a lost notification).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table subscriptions
      add column id_rec text,
      add column pix_automatico text,
      add column pix_automatico_qr text,
      add column rec_check_at timestamptz,
      add column rec_checks integer not null default 0`.execute(db);
  await sql`
    create unique index subscriptions_id_rec on subscriptions (id_rec)
      where id_rec is not null`.execute(db);
  await sql`
    create index subscriptions_rec_check on subscriptions (rec_check_at)
      where rec_check_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists subscriptions_rec_check`.execute(db);
  await sql`drop index if exists subscriptions_id_rec`.execute(db);
  await sql`
    alter table subscriptions
      drop column if exists id_rec,
      drop column if exists pix_automatico,
      drop column if exists pix_automatico_qr,
      drop column if exists rec_check_at,
      drop column if exists rec_checks`.execute(db);
}

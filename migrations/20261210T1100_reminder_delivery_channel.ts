import { type Kysely, sql } from 'kysely';

/**
 * How each session's reminder went (issue 59): `canal` is 'whatsapp' when it was handed to
 * WhatsApp, 'email' when it was e-mailed, null when the student had neither (their devices may
 * still have been pushed). The dashboard's 'Lembretes de amanhã' says 'E-mail enviado' only for
 * 'email'. Every reminder claimed before went by e-mail or, where WhatsApp took it, shows its own
 * state from the agenda's read model: they are taken as e-mailed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reminder_deliveries add column canal text`.execute(db);
  await sql`update reminder_deliveries set canal = 'email'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reminder_deliveries drop column if exists canal`.execute(db);
}

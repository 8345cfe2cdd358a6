import { type Kysely, sql } from 'kysely';

/**
 * Who recorded a student's WhatsApp consent: a user id, or 'aluno' for a visitor of the public page
 * who ticked the box when booking (they have no account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table whatsapp_contacts alter column consentimento_por type text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update whatsapp_contacts set consentimento_por = null where consentimento_por !~ '^[0-9a-f-]{36}$'`.execute(
    db,
  );
  await sql`
    alter table whatsapp_contacts
      alter column consentimento_por type uuid using consentimento_por::uuid`.execute(db);
}

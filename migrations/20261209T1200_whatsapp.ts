import { type Kysely, sql } from 'kysely';

/**
 * WhatsApp through the Cloud API: the read models of each trainer's account and templates, of how
 * each student is reached (channels, consent, 'não entregue') and of each message's state; the
 * outbox's claims per cause (so a message goes out once however many workers retry it), and each
 * trainer's own access token, sealed (a credential, never an event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table whatsapp_accounts (
      tenant_id uuid primary key,
      modo text not null,
      phone_number_id text,
      waba_id text
    )`.execute(db);
  await sql`create index whatsapp_accounts_number on whatsapp_accounts (phone_number_id)`.execute(
    db,
  );
  await sql`create index whatsapp_accounts_waba on whatsapp_accounts (waba_id)`.execute(db);
  await sql`
    create table whatsapp_templates (
      tenant_id uuid not null,
      nome text not null,
      waba_id text not null,
      template_id text not null,
      status text not null,
      motivo text,
      primary key (tenant_id, nome)
    )`.execute(db);
  await sql`
    create table whatsapp_contacts (
      tenant_id uuid not null,
      student_id uuid not null,
      telefone text,
      whatsapp boolean not null default false,
      email boolean not null default true,
      push boolean not null default true,
      consentimento_como text,
      consentimento_em timestamptz,
      consentimento_por uuid,
      parado_em timestamptz,
      nao_entregue boolean not null default false,
      primary key (tenant_id, student_id)
    )`.execute(db);
  await sql`create index whatsapp_contacts_telefone on whatsapp_contacts (telefone)`.execute(db);
  await sql`
    create table whatsapp_messages (
      id uuid primary key,
      tenant_id uuid not null,
      student_id uuid not null,
      session_id uuid,
      cause text not null,
      modelo text not null,
      wamid text,
      estado text not null,
      erro_codigo integer,
      por_email boolean not null default false,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index whatsapp_messages_session on whatsapp_messages (tenant_id, session_id)`.execute(
    db,
  );
  await sql`create index whatsapp_messages_student on whatsapp_messages (tenant_id, student_id)`.execute(
    db,
  );
  await sql`
    create table whatsapp_deliveries (
      cause text primary key,
      tenant_id uuid not null,
      student_id uuid not null,
      session_id uuid,
      message_id uuid not null,
      wamid text unique,
      fallback jsonb,
      fallback_sent_at timestamptz,
      sent_at timestamptz not null
    )`.execute(db);
  await sql`create index whatsapp_deliveries_student on whatsapp_deliveries (tenant_id, student_id)`.execute(
    db,
  );
  await sql`
    create table whatsapp_credentials (
      tenant_id uuid primary key,
      access_token text not null,
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'whatsapp_credentials',
    'whatsapp_deliveries',
    'whatsapp_messages',
    'whatsapp_contacts',
    'whatsapp_templates',
    'whatsapp_accounts',
  ])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The reminders context.
 *
 * Read models (the worker, rebuildable): `reminder_sessions` (each session's time, student and
 * status), `reminder_students` (name, e-mail, WhatsApp), `reminder_locations` (names) and
 * `reminder_settings`, kept from the other contexts' published events.
 *
 * Written by the sender, never rebuilt: `reminder_deliveries` (one row per session and start
 * time whose reminder went out: the claim that makes it go out once) and `reminder_digests`
 * (one per trainer and day). `reminder_jobs`: the delayed BullMQ job each session has now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reminder_sessions (
      id          uuid primary key,
      tenant_id   uuid not null,
      student_id  uuid not null,
      location_id uuid,
      inicio      timestamptz not null,
      status      text not null,
      version     int not null
    )`.execute(db);
  // "Which reminders are due now" and "tomorrow's sessions of this trainer" are range probes.
  await sql`
    create index reminder_sessions_pending on reminder_sessions (inicio)
      where status = 'agendada'`.execute(db);
  await sql`
    create index reminder_sessions_tenant on reminder_sessions (tenant_id, inicio)
      where status = 'agendada'`.execute(db);

  await sql`
    create table reminder_students (
      id        uuid primary key,
      tenant_id uuid not null,
      nome      text not null,
      email     text,
      whatsapp  text,
      ativo     boolean not null,
      version   int not null
    )`.execute(db);

  await sql`
    create table reminder_locations (
      id        uuid primary key,
      tenant_id uuid not null,
      nome      text not null,
      version   int not null
    )`.execute(db);

  await sql`
    create table reminder_settings (
      id                 uuid primary key,
      tenant_id          uuid not null unique,
      ativo              boolean not null,
      antecedencia_horas int not null,
      resumo_diario      boolean not null,
      hora_resumo        int not null,
      version            int not null
    )`.execute(db);

  await sql`
    create table reminder_deliveries (
      session_id uuid not null,
      inicio     timestamptz not null,
      tenant_id  uuid not null,
      sent_at    timestamptz not null,
      primary key (session_id, inicio)
    )`.execute(db);

  await sql`
    create table reminder_digests (
      tenant_id uuid not null,
      dia       date not null,
      sent_at   timestamptz not null,
      primary key (tenant_id, dia)
    )`.execute(db);

  await sql`
    create table reminder_jobs (
      session_id uuid primary key,
      job_id     text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'reminder_jobs',
    'reminder_digests',
    'reminder_deliveries',
    'reminder_settings',
    'reminder_locations',
    'reminder_students',
    'reminder_sessions',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}

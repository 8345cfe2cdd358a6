import { type Kysely, sql } from 'kysely';

/**
 * How a session's latest reminder went moves onto its row of `sessions`, kept by the sessions
 * projection from the messaging context's message events: the agenda's month read takes it with
 * the row, where it looked each session up in `session_reminders` (a second probe per session, a
 * third of the read's time in PostgreSQL).
 *
 * The state already projected is copied over. The sessions projection reads message events from
 * its own checkpoint on; where `session-reminders` was behind it, it goes back there, so none of
 * the events between the two is missed (the session events it reads again change nothing: each
 * row keeps the version it has).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sessions
      add column lembrete_message_id uuid,
      add column lembrete_canal text,
      add column lembrete_estado text`.execute(db);
  await sql`
    create index sessions_lembrete_message on sessions (lembrete_message_id)
      where lembrete_message_id is not null`.execute(db);
  await sql`
    update sessions s
    set lembrete_message_id = r.message_id, lembrete_canal = r.canal, lembrete_estado = r.estado
    from session_reminders r
    where r.tenant_id = s.tenant_id and r.session_id = s.id`.execute(db);
  await sql`
    update projection_checkpoints s
    set transaction_id = r.transaction_id, global_position = r.global_position
    from projection_checkpoints r
    where s.name = 'sessions' and r.name = 'session-reminders'
      and (r.transaction_id, r.global_position) < (s.transaction_id, s.global_position)`.execute(
    db,
  );
  // Never run: every message event is still to be read, from the start of the log.
  await sql`
    delete from projection_checkpoints
    where name = 'sessions'
      and not exists (select from projection_checkpoints where name = 'session-reminders')`.execute(
    db,
  );
  await sql`delete from projection_checkpoints where name = 'session-reminders'`.execute(db);
  await sql`drop table session_reminders`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table session_reminders (
      tenant_id uuid not null,
      session_id uuid not null,
      student_id uuid not null,
      message_id uuid not null,
      canal text not null,
      estado text not null,
      updated_at timestamptz not null,
      primary key (tenant_id, session_id)
    )`.execute(db);
  await sql`create index session_reminders_message on session_reminders (message_id)`.execute(db);
  await sql`
    insert into session_reminders (tenant_id, session_id, student_id, message_id, canal, estado, updated_at)
    select tenant_id, id, student_id, lembrete_message_id, lembrete_canal, lembrete_estado, updated_at
    from sessions where lembrete_message_id is not null`.execute(db);
  await sql`
    insert into projection_checkpoints (name, transaction_id, global_position)
    select 'session-reminders', transaction_id, global_position
    from projection_checkpoints where name = 'sessions'`.execute(db);
  await sql`drop index sessions_lembrete_message`.execute(db);
  await sql`
    alter table sessions
      drop column lembrete_message_id,
      drop column lembrete_canal,
      drop column lembrete_estado`.execute(db);
}

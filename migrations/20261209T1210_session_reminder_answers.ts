import { type Kysely, sql } from 'kysely';

/**
 * The student's answers to a session's reminder ('Confirmo', 'Preciso remarcar') on the agenda's
 * read model, and the reminder's state by channel (`session_reminders`, a read model of the
 * messaging context's published message events), which the agenda shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sessions
      add column confirmado_pelo_aluno boolean not null default false,
      add column remarcar_pedido_em timestamptz`.execute(db);
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists session_reminders`.execute(db);
  await sql`
    alter table sessions
      drop column if exists remarcar_pedido_em,
      drop column if exists confirmado_pelo_aluno`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Reminders once (issue 25, item 9): a session gets one reminder, so `reminder_deliveries` holds
 * one row per session, `inicio` being the time the student was last told (a 'Horário alterado'
 * message moves it). Where several reminders went out for one session, the latest is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from reminder_deliveries d
    using reminder_deliveries later
    where later.session_id = d.session_id
      and (later.sent_at, later.inicio) > (d.sent_at, d.inicio)`.execute(db);
  await sql`alter table reminder_deliveries drop constraint reminder_deliveries_pkey`.execute(db);
  await sql`alter table reminder_deliveries add primary key (session_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reminder_deliveries drop constraint reminder_deliveries_pkey`.execute(db);
  await sql`alter table reminder_deliveries add primary key (session_id, inicio)`.execute(db);
}

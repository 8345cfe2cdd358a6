import { type Kysely, sql } from 'kysely';

/**
 * Public bookings arrive 'a confirmar' (issue 25, item 19): every other session is confirmed when
 * booked, so the rows of the sessions booked so far by the trainer or a student become confirmed
 * (unless the trainer set it since). `sessions.nome_informado`: the name a visitor typed when their
 * phone is an existing student's under another name. `scheduling_students.visitante`: a student a
 * public booking registered, counted in 'Total de Alunos' once a session of theirs is confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column nome_informado text`.execute(db);
  await sql`
    update sessions set confirmado = true
    where origin <> 'publico' and not confirmado
      and not exists (select from events e
                      where e.stream_id = sessions.id and e.event_type = 'SessionConfirmationChanged')`.execute(
    db,
  );
  await sql`alter table scheduling_students add column visitante boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduling_students drop column visitante`.execute(db);
  await sql`alter table sessions drop column nome_informado`.execute(db);
}

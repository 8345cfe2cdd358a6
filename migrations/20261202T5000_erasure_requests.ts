import { type Kysely, sql } from 'kysely';

/**
 * `students.erasure_requested_at`: when the student asked, from their own area, that their data be
 * erased (LGPD art. 18, VI); the trainer sees it on the student's page and confirms the erasure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table students add column erasure_requested_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table students drop column erasure_requested_at`.execute(db);
}

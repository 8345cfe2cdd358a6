import { type Kysely, sql } from 'kysely';

/**
 * A new invite no longer supersedes the links already sent: each stays valid until it is used or
 * expires, and once the student has an account none of them opens any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index student_invites_student`.execute(db);
  await sql`alter table student_invites drop column superseded_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table student_invites add column superseded_at timestamptz`.execute(db);
  await sql`create index student_invites_student on student_invites (tenant_id, student_id) where used_at is null and superseded_at is null`.execute(
    db,
  );
}

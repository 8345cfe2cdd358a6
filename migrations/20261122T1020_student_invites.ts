import { type Kysely, sql } from 'kysely';

/**
 * Invites for students to create their own account (a hashed single-use token, 7 days), and which
 * student of which tenant each student account is. Credentials: ordinary tables, never events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table student_invites (
      id            uuid primary key,
      tenant_id     uuid not null,
      student_id    uuid not null,
      token_hash    bytea not null constraint student_invites_token_unique unique,
      created_by    uuid not null,
      created_at    timestamptz not null default now(),
      expires_at    timestamptz not null,
      used_at       timestamptz,
      superseded_at timestamptz
    )`.execute(db);
  await sql`create index student_invites_student on student_invites (tenant_id, student_id) where used_at is null and superseded_at is null`.execute(
    db,
  );
  await sql`
    create table student_accounts (
      user_id    uuid primary key references users (id) on delete cascade,
      tenant_id  uuid not null,
      student_id uuid not null,
      created_at timestamptz not null default now(),
      constraint student_accounts_student_unique unique (tenant_id, student_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table student_accounts`.execute(db);
  await sql`drop table student_invites`.execute(db);
}

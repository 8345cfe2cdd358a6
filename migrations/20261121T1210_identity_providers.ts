import { type Kysely, sql } from 'kysely';

/** Accounts at third-party identity providers (Google, Apple) linked to our users. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_identities (
      provider   text not null,
      subject    text not null,
      user_id    uuid not null references users (id) on delete cascade,
      email      text not null,
      created_at timestamptz not null default now(),
      primary key (provider, subject)
    )`.execute(db);
  await sql`create index user_identities_user on user_identities (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_identities`.execute(db);
}

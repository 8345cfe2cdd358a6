import { type Kysely, sql } from 'kysely';

/** Two-factor sign-in: one TOTP authenticator per user and its single-use recovery codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mfa_totp (
      user_id        uuid primary key references users (id) on delete cascade,
      secret         text not null,
      created_at     timestamptz not null default now(),
      activated_at   timestamptz,
      last_time_step bigint
    )`.execute(db);
  await sql`
    create table mfa_recovery_codes (
      id        uuid primary key,
      user_id   uuid not null references users (id) on delete cascade,
      code_hash bytea not null constraint mfa_recovery_codes_hash_unique unique,
      used_at   timestamptz
    )`.execute(db);
  await sql`create index mfa_recovery_codes_user on mfa_recovery_codes (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mfa_recovery_codes`.execute(db);
  await sql`drop table mfa_totp`.execute(db);
}

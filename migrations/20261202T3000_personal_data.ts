import { type Kysely, sql } from 'kysely';

/**
 * LGPD crypto-shredding. `data_subject_keys`: one AES-256 key per data subject (a student, a
 * visitor, a trainer), sealed with the master key from the environment (PERSONAL_DATA_KEY), never
 * in the log; erasure sets `sealed_key` to null and stamps `erased_at` (the row stays: an event
 * appended for an erased subject later must not get a fresh key). `events.subject_id` and
 * `events.personal_data` (`{ fields, sealed }`): the event's personal fields, taken out of `data`
 * and sealed with that subject's key; without the key they cannot be read again.
 * `closed_accounts`: the e-mails of closed accounts as keyed digests (HMAC under the master key),
 * so sign-in can say the account no longer exists without keeping the address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table data_subject_keys (
      subject_id  uuid primary key,
      tenant_id   uuid not null,
      sealed_key  text,
      created_at  timestamptz not null default now(),
      erased_at   timestamptz
    )`.execute(db);
  await sql`create index data_subject_keys_tenant on data_subject_keys (tenant_id)`.execute(db);
  await sql`alter table events add column subject_id uuid, add column personal_data jsonb`.execute(
    db,
  );
  await sql`
    create table closed_accounts (
      email_digest  text primary key,
      closed_at     timestamptz not null default now()
    )`.execute(db);
  await sql`create index events_subject on events (subject_id) where subject_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events drop column subject_id, drop column personal_data`.execute(db);
  await sql`drop table closed_accounts`.execute(db);
  await sql`drop table data_subject_keys`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * A new data subject's append writes two rows (its key, its first event): each index on them is
 * one more B-tree insert (and its WAL) on every such append. Two were never read:
 * - `events_subject`: no statement looks events up by subject (a reader takes each event's key by
 *   the key's primary key; an erasure finds a person's streams by stream and by `data`);
 * - `data_subject_keys_tenant`: only a closing reads a tenant's keys, and it finds them through
 *   the tenant's events (personal-data/vault.ts, `eraseTenant`), which are indexed by tenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists events_subject`.execute(db);
  await sql`drop index if exists data_subject_keys_tenant`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index data_subject_keys_tenant on data_subject_keys (tenant_id)`.execute(db);
  await sql`create index events_subject on events (subject_id) where subject_id is not null`.execute(
    db,
  );
}

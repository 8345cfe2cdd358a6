import { type Kysely, sql } from 'kysely';

/**
 * An idempotency key is bound to the request that first used it (method, route, body, principal):
 * the same key on another request is refused instead of replaying an unrelated answer. A stored
 * success no longer records an HTTP status (the route chooses it); `status_code` is now the status
 * of a remembered refusal, null for a result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table command_idempotency add column request_fingerprint text`.execute(db);
  await sql`alter table command_idempotency alter column status_code drop not null`.execute(db);
  await sql`update command_idempotency set status_code = null where status_code < 400`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update command_idempotency set status_code = 200 where status_code is null`.execute(db);
  await sql`alter table command_idempotency alter column status_code set not null`.execute(db);
  await sql`alter table command_idempotency drop column request_fingerprint`.execute(db);
}

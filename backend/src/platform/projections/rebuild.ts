import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database/database';
import type { StoredEvent } from '../event-store/event';
import { openStoredEvents } from '../event-store/event-store';
import { type Checkpoint, hasReached } from './checkpoint';
import {
  type EventsAfter,
  HELD_ELSEWHERE_COLUMN,
  moveCheckpointTo,
  takeEventsAfter,
} from './gap-free-read';
import type { Projection } from './projection';
import { applyNextBatch, projectionLockName, readCheckpoint } from './projection-runner';

export interface RebuildReport {
  projection: string;
  events: number;
  milliseconds: number;
}

export interface RebuildOptions {
  batchSize?: number;
  /**
   * How long the rebuild may keep trying to reach the live checkpoint (a transaction left open in
   * this database holds the gap-free horizon back) before it gives up and keeps the live tables.
   */
  catchUpTimeoutMs?: number;
}

const CHECKPOINTS_TABLE = 'projection_checkpoints';
const rebuildLockName = (projection: string) => `projection-rebuild:${projection}`;
const CATCH_UP_TIMEOUT_MS = 30_000;
const CATCH_UP_RETRY_MS = 200;

/** The rebuild gave up without touching the live tables; its message says why, in pt-BR. */
export class RebuildBehindLiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RebuildBehindLiveError';
  }
}

/** The rebuilt tables are behind the live ones: swapping them in would go back in time. */
class BehindLive extends Error {
  constructor(
    readonly rebuilt: Checkpoint,
    readonly live: Checkpoint,
  ) {
    super('behind live');
  }
}

/**
 * Replays the whole log into empty copies of the projection's tables in a fresh schema, one short
 * transaction per batch (never one long one: it would hold back every live projection), while the
 * live tables keep serving. Then a last transaction locks the live runner out, applies the tail
 * and, only if the rebuilt checkpoint has reached the live one, swaps the fresh tables in and moves
 * the live checkpoint to the rebuilt one. Behind it (the horizon held back), it rolls that
 * transaction back, waits and tries again; past `catchUpTimeoutMs` it gives up and the live tables
 * stay as they were: a rebuild never moves a projection backwards.
 */
export async function rebuildProjection(
  db: Kysely<Database>,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildReport> {
  const batchSize = options.batchSize ?? 5_000;
  const catchUpTimeoutMs = options.catchUpTimeoutMs ?? CATCH_UP_TIMEOUT_MS;
  const started = performance.now();
  const schema = `rebuild_${projection.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now()}`;
  await sql`create schema ${sql.id(schema)}`.execute(db);
  try {
    for (const table of [...projection.tables, CHECKPOINTS_TABLE])
      await copyTableShape(db, schema, table);
    await freshenLogStatistics(db);
    let events = 0;
    const deadline = Date.now() + catchUpTimeoutMs;
    for (;;) {
      events += await replay(db, projection, schema, batchSize);
      const swapped = await db
        .transaction()
        .execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${projectionLockName(projection.name)}))`.execute(
            trx,
          );
          const tail = await catchUp(trx, projection, schema, batchSize);
          const rebuilt = await readCheckpoint(trx.withSchema(schema), projection.name);
          const live = await readCheckpoint(trx.withSchema('public'), projection.name);
          // Throwing rolls the tail back too; the next attempt applies it again.
          if (!hasReached(rebuilt, live)) throw new BehindLive(rebuilt, live);
          await swapIn(trx, projection, schema);
          return tail;
        })
        .catch((error: unknown) => {
          if (error instanceof BehindLive) return error;
          throw error;
        });
      if (!(swapped instanceof BehindLive)) {
        events += swapped;
        break;
      }
      if (Date.now() >= deadline) {
        throw new RebuildBehindLiveError(
          `A reconstrução de ${projection.name} não alcançou o modelo ao vivo em ${Math.round(catchUpTimeoutMs / 1000)} s ` +
            `(posição ${swapped.rebuilt.position}, ao vivo ${swapped.live.position}): uma transação aberta neste banco ` +
            'segura o horizonte de leitura. As tabelas ao vivo foram mantidas; tente de novo quando ela terminar.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, CATCH_UP_RETRY_MS));
    }
    return {
      projection: projection.name,
      events,
      milliseconds: Math.round(performance.now() - started),
    };
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  }
}

/**
 * Batches into the fresh schema, each in its own short transaction, until one comes back short.
 * The next batch is read (on another connection, outside any transaction) and opened (its personal
 * data unsealed, its events upcast) while the current one applies: PostgreSQL reads and sorts, and
 * Node opens what it read while PostgreSQL writes, instead of each waiting on the other.
 */
async function replay(
  db: Kysely<Database>,
  projection: Projection,
  schema: string,
  batchSize: number,
): Promise<number> {
  let events = 0;
  const readAfter = (after: Checkpoint) => {
    const read = readAhead(db, projection, after, batchSize).then((batch) => ({
      ...batch,
      opened: openStoredEvents(batch.events),
    }));
    // Awaited only once the batch before it is applied: a failure meanwhile is not unhandled.
    read.catch(() => undefined);
    return read;
  };
  let next = readAfter(await readCheckpoint(db.withSchema(schema), projection.name));
  for (;;) {
    const batch = await next;
    if (batch.end === batch.from) return events;
    const full = batch.events.length === batchSize;
    if (full) next = readAfter(batch.end);
    await applyInSchema(db, projection, schema, batch);
    events += batch.events.length;
    if (!full) return events;
  }
}

/**
 * The replay reads the whole log in commit order, a batch at a time. On statistics older than most
 * of the log (after a restore or a bulk import: when rebuilds happen) the planner takes the events
 * after the checkpoint for a few hundred and sorts ALL of them on disk for every batch, instead of
 * walking the commit-order index: 0.7 s a batch of 200,000 events instead of 20 ms.
 */
async function freshenLogStatistics(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ stale: boolean }>`
    select coalesce(n_mod_since_analyze > greatest(c.reltuples, 0) / 10, true) as stale
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.oid = 'events'::regclass`.execute(db);
  if (rows[0]?.stale) await sql`analyze events`.execute(db);
}

/** The events after `after`, below the gap-free horizon as of this read (gap-free-read.ts). */
async function readAhead(
  db: Kysely<Database>,
  projection: Projection,
  after: Checkpoint,
  batchSize: number,
): Promise<EventsAfter> {
  const { rows } = await sql<{ heldElsewhere: string[] }>`select ${HELD_ELSEWHERE_COLUMN}`.execute(
    db,
  );
  return takeEventsAfter(db, projection, batchSize, rows[0].heldElsewhere, { after });
}

/** Applies a batch read ahead and moves the fresh schema's checkpoint past it, in one transaction. */
async function applyInSchema(
  db: Kysely<Database>,
  projection: Projection,
  schema: string,
  { opened, end }: { opened: StoredEvent[]; end: Checkpoint },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await intoFreshTables(trx, schema);
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(${rebuildLockName(projection.name)})) as locked`.execute(
      trx,
    );
    if (!rows[0].locked)
      throw new Error(`a projeção ${projection.name} já está sendo reconstruída`);
    if (opened.length > 0) await projection.apply(opened, trx);
    await moveCheckpointTo(trx, projection.name, end);
  });
}

async function catchUp(
  trx: Transaction<Database>,
  projection: Projection,
  schema: string,
  batchSize: number,
): Promise<number> {
  await intoFreshTables(trx, schema);
  let events = 0;
  for (;;) {
    const batch = await applyNextBatch(trx, projection, batchSize);
    events += batch.processed;
    if (batch.processed < batchSize) break;
  }
  await sql`select set_config('search_path', 'public', true), set_config('enable_seqscan', 'on', true)`.execute(
    trx,
  );
  return events;
}

/**
 * Points unqualified table names at the fresh schema's tables for the rest of the transaction,
 * and keeps the planner off whole scans of them. Pricing reads as from disk, it judged a scan of
 * a fresh table that had grown to a few thousand pages cheaper than a thousand lookups by key,
 * and kept scanning as the table grew: every batch then took time in proportion to all the rows
 * rebuilt so far (218,000 students in batches of 1,000: 60 s instead of 13). A projection's
 * statements reach its rows by key; a table with no index for a statement is still scanned.
 */
async function intoFreshTables(trx: Transaction<Database>, schema: string): Promise<void> {
  await sql`select set_config('search_path', ${`"${schema}", public`}, true),
                   set_config('enable_seqscan', 'off', true)`.execute(trx);
}

/**
 * `like ... including all` names the copied indexes after their columns; they are renamed to the
 * live indexes' names so the swapped-in tables look exactly like the migrated ones.
 */
async function copyTableShape(db: Kysely<Database>, schema: string, table: string): Promise<void> {
  await sql`create table ${sql.id(schema, table)} (like ${sql.id('public', table)} including all)`.execute(
    db,
  );
  const indexes = async (tableSchema: string) =>
    (
      await sql<{ name: string; definition: string }>`
        select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = ${`"${tableSchema}"."${table}"`}::regclass`.execute(db)
    ).rows.map((row) => ({
      name: row.name,
      shape: row.definition.replace(/^(CREATE (?:UNIQUE )?INDEX) \S+ ON \S+ /, '$1 '),
    }));
  const live = await indexes('public');
  for (const copy of await indexes(schema)) {
    const original = live.find((index) => index.shape === copy.shape);
    if (original && original.name !== copy.name) {
      await sql`alter index ${sql.id(schema, copy.name)} rename to ${sql.id(original.name)}`.execute(
        db,
      );
    }
  }
}

async function swapIn(
  trx: Transaction<Database>,
  projection: Projection,
  schema: string,
): Promise<void> {
  for (const table of projection.tables) {
    await sql`drop table ${sql.id('public', table)}`.execute(trx);
    await sql`alter table ${sql.id(schema, table)} set schema public`.execute(trx);
  }
  await sql`delete from public.projection_checkpoints where name = ${projection.name}`.execute(trx);
  await sql`
    insert into public.projection_checkpoints (name, transaction_id, global_position, updated_at)
    select name, transaction_id, global_position, now() from ${sql.id(schema, CHECKPOINTS_TABLE)} where name = ${projection.name}`.execute(
    trx,
  );
}

import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database/database';
import { openStoredEvents } from '../event-store/event-store';
import { type Checkpoint, LOG_START } from './checkpoint';
import {
  HELD_ELSEWHERE_COLUMN,
  type LogReader,
  moveCheckpointTo,
  takeEventsAfter,
} from './gap-free-read';
import type { Projection, ProjectionChange } from './projection';

export interface AppliedBatch {
  processed: number;
  checkpoint: Checkpoint;
  changes: ProjectionChange[];
  /** Events of its types wait behind a transaction still running (EventsAfter.heldBack). */
  heldBack: boolean;
}

export type BatchResult = ({ status: 'applied' } & AppliedBatch) | { status: 'busy' };

export interface BatchOptions {
  batchSize: number;
  /**
   * Test hook: runs inside the batch's transaction once its rows and checkpoint are written, just
   * before the commit (a test holds a batch open here to kill the process in the middle of it).
   */
  beforeCommit?: (batch: AppliedBatch) => Promise<void>;
}

export const projectionLockName = (projection: string) => `projection:${projection}`;

/**
 * One batch in one short transaction: take the projection's lock (or give up if another runner
 * holds it), read the next events in commit order after the checkpoint, apply them and move the
 * checkpoint. A crash anywhere rolls all of it back: nothing is repeated or lost.
 */
export async function runBatch(
  db: Kysely<Database>,
  projection: Projection,
  options: BatchOptions,
): Promise<BatchResult> {
  return db.transaction().execute(async (trx) => {
    const lock = projectionLockName(projection.name);
    // The lock and, in the same statement, the first read of the ids held elsewhere: each
    // statement of a batch is a round trip, and the batches are what the worker does all day.
    // A read model's batch commits without waiting for its WAL to reach the disk: a crash of
    // PostgreSQL can lose only whole batches, each with its checkpoint (one transaction), and the
    // worker projects those events again from the log, which every command's commit did wait for.
    // So the worker's commits stop queueing for the WAL flushes the API's commands wait on. A
    // process manager's batch (its checkpoint moved after its commands) keeps the durable commit.
    const { rows } = await sql<{ locked: boolean; heldElsewhere: string[] }>`
      select pg_try_advisory_xact_lock(hashtext(${lock})) as locked, ${HELD_ELSEWHERE_COLUMN}${
        projection.checkpointAfterApply
          ? sql``
          : sql`, set_config('synchronous_commit', 'off', true) as synchronous_commit`
      }`.execute(trx);
    if (!rows[0].locked) return { status: 'busy' as const };
    const batch = await applyNextBatch(trx, projection, options.batchSize, rows[0].heldElsewhere);
    if (batch.processed > 0) await options.beforeCommit?.(batch);
    return { status: 'applied' as const, ...batch };
  });
}

export async function readCheckpoint(
  db: Kysely<Database>,
  projection: string,
): Promise<Checkpoint> {
  const row = await db
    .selectFrom('projectionCheckpoints')
    .select([sql<string>`transaction_id::text`.as('transactionId'), 'globalPosition'])
    .where('name', '=', projection)
    .executeTakeFirst();
  return row ? { transactionId: row.transactionId, position: row.globalPosition } : LOG_START;
}

/**
 * Reads the projection's next events after its checkpoint in commit order, below the gap-free
 * horizon (see gap-free-read.ts: no event can commit behind them later), moves the checkpoint
 * (past them, or past the other events read over when the batch is not full) and applies them.
 * Call it holding the projection's lock; `heldElsewhere` is a first read made earlier in the
 * transaction, made here when not given.
 */
export async function applyNextBatch(
  trx: Transaction<Database>,
  projection: Projection,
  batchSize: number,
  heldElsewhere?: readonly string[],
): Promise<AppliedBatch> {
  const held =
    heldElsewhere ??
    (await sql<{ heldElsewhere: string[] }>`select ${HELD_ELSEWHERE_COLUMN}`.execute(trx)).rows[0]
      .heldElsewhere;
  const moveAfter = projection.checkpointAfterApply === true;
  const {
    from,
    events,
    end: checkpoint,
    heldBack,
  } = await takeEventsAfter(trx, projection, batchSize, held, {
    moveCheckpoint: !moveAfter,
  });
  if (checkpoint === from) return { processed: 0, checkpoint: from, changes: [], heldBack };
  const changes = events.length > 0 ? await projection.apply(openStoredEvents(events), trx) : [];
  if (moveAfter) await moveCheckpointTo(trx, projection.name, checkpoint);
  return { processed: events.length, checkpoint, changes, heldBack };
}

/**
 * How far (in log positions) a reader may fall behind the log end on events it does not read
 * before the safety net runs it anyway, to move its checkpoint past them: the look below scans
 * the log from the oldest such checkpoint, so this bounds what it scans.
 */
const PASS_OVER_AT_MOST = 5_000;

/**
 * Of `readers`, those with an event of their types committed after their checkpoint, or without
 * a checkpoint, or more than `passOverAtMost` positions short of the log end (whatever the
 * types). One query for all of them, scanning the log once from the oldest checkpoint within
 * that distance. Event types matter: while commands append, every reader is short of the log
 * end, and a pass for events it does not read is a whole transaction that only moves its
 * checkpoint.
 */
export async function readersBehind(
  db: Kysely<Database>,
  readers: readonly LogReader[],
  passOverAtMost = PASS_OVER_AT_MOST,
): Promise<Set<string>> {
  // Event types hold no comma: each reader's types travel as one text.
  const { rows } = await sql<{ name: string }>`
    with log_end as (
      select global_position from events
      order by transaction_id desc, global_position desc limit 1),
    reader as (
      select reader.name, string_to_array(reader.types, ',') as types,
             checkpoint.transaction_id as tx, checkpoint.global_position as pos
      from unnest(${readers.map((reader) => reader.name)}::text[],
                  ${readers.map((reader) => reader.eventTypes.join(','))}::text[]) as reader(name, types)
      left join projection_checkpoints checkpoint using (name)),
    near as (
      select * from reader where pos >= (select global_position from log_end) - ${passOverAtMost}),
    oldest as (select tx, pos from near order by tx, pos limit 1),
    -- Materialized: referenced inside the per-reader EXISTS below, an inlined CTE scanned the log
    -- once for every reader (41 bitmap scans and sorts a look, 57 ms at p50 after the bench's
    -- throughput rounds) instead of once.
    latest as materialized (
      select distinct on (event_type) event_type, transaction_id as tx, global_position as pos
      from events
      where (transaction_id, global_position) > ((select tx from oldest), (select pos from oldest))
      order by event_type, transaction_id desc, global_position desc)
    select name from reader
    where exists (select from log_end)
      and (name not in (select name from near)
           or exists (select from latest
                      where latest.event_type = any(reader.types)
                        and (latest.tx, latest.pos) > (reader.tx, reader.pos)))`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/** `held`: caught up to the horizon, with events of its types waiting behind it (AppliedBatch.heldBack). */
export type DrainOutcome = 'caught-up' | 'held' | 'busy' | 'out-of-time';

/** Runs batches until the projection has caught up, another runner holds it, or the time budget is spent. */
export async function drainProjection(
  db: Kysely<Database>,
  projection: Projection,
  options: {
    batchSize: number;
    budgetMs: number;
    afterCommit?: (batch: AppliedBatch) => Promise<void>;
    beforeCommit?: BatchOptions['beforeCommit'];
  },
): Promise<DrainOutcome> {
  const deadline = Date.now() + options.budgetMs;
  for (;;) {
    const result = await runBatch(db, projection, {
      batchSize: options.batchSize,
      beforeCommit: options.beforeCommit,
    });
    if (result.status === 'busy') return 'busy';
    if (result.processed > 0) await options.afterCommit?.(result);
    if (result.processed < options.batchSize) return result.heldBack ? 'held' : 'caught-up';
    if (Date.now() >= deadline) return 'out-of-time';
  }
}

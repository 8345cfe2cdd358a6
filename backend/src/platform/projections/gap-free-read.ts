import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database/database';
import { STORED_EVENT_COLUMNS, type StoredEventRow } from '../event-store/event-store';
import type { Checkpoint } from './checkpoint';

/*
 * The gap-free horizon.
 *
 * A reader takes events in (transaction id, position) order after its checkpoint, and only those
 * whose transaction id is below a horizon H such that every transaction below H that will ever
 * append to THIS database's `events` has already ended, and is therefore visible to the reading
 * statement's snapshot. Then nothing can later commit below the checkpoint: no gap, ever.
 *
 * `pg_snapshot_xmin` is such a horizon, but a needlessly low one: transaction ids are cluster-wide,
 * so a transaction holding an id in ANY database of the cluster (another app, a psql left open,
 * another test run) held every projection back, and a rebuild read "short" batches. Here H is
 *
 *   min( xip(snapshot) minus the ids proven to belong to another database,
 *        our own id if we hold one,  xmax(snapshot) )
 *
 * Correct because:
 * - Every id below xmax(snapshot) that is not in xip had ended when the snapshot was taken, and
 *   our snapshot (the same one `pg_current_snapshot()` returns: the statement's) sees what it
 *   committed; ids at or above xmax are excluded by H <= xmax.
 * - A transaction belongs to the one database its backend connected to (a prepared transaction
 *   keeps its database), so one of another database can never insert into our `events`; skipping
 *   past it loses nothing. An id is never reused (xid8 has no wraparound), so a proof that it
 *   belongs elsewhere, whenever made, stays true.
 * - The proof. `pg_prepared_xacts` copies id and database together under one lock: one read is
 *   proof. `pg_stat_activity` is weaker: PostgreSQL copies a backend's status entry (its database)
 *   and only then reads the transaction id from the process slot; if that backend exited in
 *   between and a backend of OUR database took the slot and an id, one row would pair our id with
 *   the other database. So an id counts as foreign only when two separate reads of
 *   pg_stat_activity (the second after `pg_stat_clear_snapshot()`, which drops the per-transaction
 *   cache) both show it under another database: for the second read to err as well, the backend
 *   that holds the id (ours, alive from the first read to the second since it still holds the id)
 *   would have to be absent from its own slot when that slot's entry was copied, which it is not:
 *   a backend fills its entry, with its database, before it can take a transaction id, and keeps
 *   its slot until it exits. Anything not proven stays in H's minimum: we only ever read less.
 * - 32 vs 64 bits: pg_stat_activity and pg_prepared_xacts give 32-bit `xid`s, the snapshot xid8s.
 *   Transactions still running span fewer than 2^31 ids (PostgreSQL stops assigning ids before
 *   that), so among the snapshot's in-progress ids at most one has given low 32 bits, and an id
 *   seen running moments apart with the same low 32 bits is the same transaction; matching on
 *   `xid8 mod 2^32` is exact.
 * - Our own id (a caller's transaction that already wrote, as a rebuild's catch-up does) is not in
 *   xip but is in progress: it stays in the minimum, as it was in pg_snapshot_xmin.
 * With no other database's transaction running, H equals pg_snapshot_xmin exactly.
 */

/**
 * 32-bit ids of transactions that other databases' backends and prepared transactions hold. The
 * functions behind the pg_stat_activity and pg_prepared_xacts views, not the views: the same
 * rows, without planning their joins (users, databases, ...) on every read, which cost a
 * projection's batch more than everything else it did.
 */
const HELD_ELSEWHERE = sql`
  select backend_xid::text::bigint as xid from pg_stat_get_activity(null)
  where backend_xid is not null
    and datid <> (select oid from pg_database where datname = current_database())
  union
  select transaction::text::bigint from pg_prepared_xact()
  where dbid <> (select oid from pg_database where datname = current_database())`;

/** The ids of `heldElsewhere` still held by another database's transaction: a second read. */
const provenForeign = (heldElsewhere: readonly string[]) => sql`
  select xid from (${HELD_ELSEWHERE}) second_read
  where xid = any(${heldElsewhere as string[]}::bigint[])`;

/**
 * The first read of the ids held elsewhere, as a column of any statement that comes before the
 * read of events (a separate, earlier read is all the proof needs): `held_elsewhere`, text[].
 */
export const HELD_ELSEWHERE_COLUMN = sql`array(select xid::text from (${HELD_ELSEWHERE}) held) as held_elsewhere`;

/** A checkpoint insert that replaces the reader's row when it has one. */
const KEEP_NEWEST_CHECKPOINT = sql`on conflict (name) do update
  set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`;

/**
 * How many events beyond the horizon a read looks at for its own types (EventsAfter.heldBack):
 * the ones committed while a transaction was running, a few at most; the bound keeps the look on
 * the commit-order index (unbounded, with the types' filter, it scanned the whole log).
 */
const HELD_BACK_LOOKS_AT = 1_000;

/** What a reader of the log reads: its checkpoint's name and the event types it folds. */
export interface LogReader {
  name: string;
  eventTypes: readonly string[];
}

/** A read after a checkpoint: the events to apply, and where the same statement moved the checkpoint. */
export interface EventsAfter {
  /** The reader's checkpoint, as read by this statement. */
  from: Checkpoint;
  events: StoredEventRow[];
  /**
   * The last event read when `events` is a full batch; otherwise the last event of ANY type below
   * the horizon, since every event up to it was read and the others are not the reader's: the
   * checkpoint passes them and the next read does not scan them again. `from` when there is none.
   */
  end: Checkpoint;
  /**
   * Events of the reader's types already committed beyond the horizon: a transaction that began
   * writing before them was still running (another reader's batch, a process manager's, a
   * command's). They are read once it ends; nothing else may wake the reader then.
   * Not looked for in a read ahead (`after`): a rebuild's replay reads on until the log's end.
   */
  heldBack: boolean;
}

/**
 * Up to `limit` events of the reader's types after its checkpoint, in commit order, all below the
 * gap-free horizon (see above), and the checkpoint moved past them in the same statement (a round
 * trip less per batch): apply them in the same transaction, whose rollback moves it back. Without
 * `moveCheckpoint` the statement writes nothing, so the transaction takes no id: the caller moves
 * the checkpoint itself (moveCheckpointTo) once it has applied them. Run it in
 * a short transaction, after taking the reader's lock (the checkpoint is read by this statement, so
 * after it) and after a first read of the ids held elsewhere (`heldElsewhere`, see
 * HELD_ELSEWHERE_COLUMN). The horizon cannot pass this transaction's own id. With `after`, a read
 * ahead of the batches applied (a rebuild's), it reads after that checkpoint, writes nothing and
 * needs no transaction of its own.
 */
export async function takeEventsAfter(
  db: Kysely<Database>,
  reader: LogReader,
  limit: number,
  heldElsewhere: readonly string[],
  {
    moveCheckpoint = true,
    after: given,
  }: {
    moveCheckpoint?: boolean;
    after?: Checkpoint;
  } = {},
): Promise<EventsAfter> {
  // The common case, nothing running elsewhere: no second read needed, nothing can be excluded.
  if (heldElsewhere.length > 0) await sql`select pg_stat_clear_snapshot()`.execute(db);
  // One statement, so one snapshot for the checkpoint, the horizon, the batch and the last event
  // it is judged by (the checkpoint written by `moved` is not seen by `checkpoint`: the same
  // snapshot). `commitOrder`, not `transactionId`, orders the batch: that one is the text column
  // of the select list, and as text '100000' sorts before '99999' (events skipped and repeated
  // wherever a batch spanned ids of different lengths).
  const after = sql`(transaction_id, global_position) > ((select tx from checkpoint), (select pos from checkpoint))`;
  const { rows } = await sql<
    StoredEventRow & {
      fromTransactionId: string;
      fromPosition: number;
      headTransactionId: string | null;
      headPosition: number | null;
      commitOrder: string | null;
      heldBack: boolean;
    }
  >`
    with checkpoint as (${
      given
        ? sql`select ${given.transactionId}::xid8 as tx, ${given.position}::bigint as pos`
        : sql`
      select
        coalesce((select transaction_id from projection_checkpoints where name = ${reader.name}), '0'::xid8) as tx,
        coalesce((select global_position from projection_checkpoints where name = ${reader.name}), 0::bigint) as pos`
    }),
    horizon as (
      select least(
        (select min(running) from pg_snapshot_xip(pg_current_snapshot()) as running
         ${
           heldElsewhere.length > 0
             ? sql`where (running::text::numeric % 4294967296)::bigint not in (${provenForeign(heldElsewhere)})`
             : sql``
         }),
        pg_current_xact_id_if_assigned(),
        pg_snapshot_xmax(pg_current_snapshot())) as below),
    head as (
      select transaction_id, global_position from events
      where ${after} and transaction_id < (select below from horizon)
      order by transaction_id desc, global_position desc
      limit 1),
    batch as (
      select ${STORED_EVENT_COLUMNS}, events.transaction_id as "commitOrder" from events
      where ${after} and transaction_id < (select below from horizon)
        and event_type = any(${reader.eventTypes as string[]}::text[])
      order by events.transaction_id, events.global_position
      limit ${limit}),
    last_read as (
      select "commitOrder" as tx, "globalPosition" as pos from batch
      order by "commitOrder" desc, "globalPosition" desc
      limit 1),
    ends as (
      select * from last_read where (select count(*) from batch) = ${limit}
      union all
      select transaction_id, global_position from head where (select count(*) from batch) < ${limit})${
        moveCheckpoint && !given
          ? sql`,
    moved as (
      insert into projection_checkpoints (name, transaction_id, global_position, updated_at)
      select ${reader.name}, tx, pos, now() from ends
      ${KEEP_NEWEST_CHECKPOINT})`
          : sql``
      }
    select checkpoint.tx::text as "fromTransactionId", checkpoint.pos as "fromPosition",
           head.transaction_id::text as "headTransactionId", head.global_position as "headPosition",
           ${
             given
               ? sql`false`
               : sql`exists(select from (
             select event_type from events where transaction_id >= (select below from horizon)
             order by transaction_id, global_position limit ${HELD_BACK_LOOKS_AT}) beyond
             where event_type = any(${reader.eventTypes as string[]}::text[]))`
           } as "heldBack",
           batch.*
    from checkpoint left join head on true left join batch on head.transaction_id is not null
    order by batch."commitOrder", batch."globalPosition"`.execute(db);
  const [first] = rows;
  const from = { transactionId: first.fromTransactionId, position: Number(first.fromPosition) };
  const heldBack = first.heldBack;
  if (first.headTransactionId === null) return { from, events: [], end: from, heldBack };
  // The rows as they are (openStoredEvents takes an event's own fields from each).
  const events: StoredEventRow[] = rows.filter((row) => row.commitOrder !== null);
  const last = events.at(-1);
  const end =
    last && events.length === limit
      ? { transactionId: last.transactionId, position: last.globalPosition }
      : { transactionId: first.headTransactionId, position: Number(first.headPosition) };
  return { from, events, end, heldBack };
}

/** Moves `reader`'s checkpoint to `to` (for a reader that took its events without moving it). */
export async function moveCheckpointTo(
  trx: Transaction<Database>,
  reader: string,
  to: Checkpoint,
): Promise<void> {
  await sql`
    insert into projection_checkpoints (name, transaction_id, global_position, updated_at)
    values (${reader}, ${to.transactionId}::xid8, ${to.position}, now())
    ${KEEP_NEWEST_CHECKPOINT}`.execute(trx);
}

import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/database';
import type { StoredEvent } from '../event-store/event';
import { STORED_EVENT_COLUMNS } from '../event-store/event-store';
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

/** 32-bit ids of transactions that other databases' backends and prepared transactions hold. */
const HELD_ELSEWHERE = sql`
  select backend_xid::text::bigint as xid from pg_stat_activity
  where backend_xid is not null
    and datid <> (select oid from pg_database where datname = current_database())
  union
  select transaction::text::bigint from pg_prepared_xacts where database <> current_database()`;

/**
 * Up to `limit` events after `from`, in commit order, all below the gap-free horizon (see above).
 * Run it in a short transaction: the horizon cannot pass this transaction's own id.
 */
export async function readEventsAfter(
  trx: Transaction<Database>,
  from: Checkpoint,
  limit: number,
): Promise<StoredEvent[]> {
  // First read of pg_stat_activity (or a cached earlier one in this transaction: an earlier,
  // separate read, which is all the proof needs).
  const first = await sql<{ xids: string[] }>`
    select array(select xid::text from (${HELD_ELSEWHERE}) held) as xids`.execute(trx);
  const heldElsewhere = first.rows[0].xids;
  // The common case, nothing running elsewhere: no second read needed, nothing can be excluded.
  if (heldElsewhere.length > 0) await sql`select pg_stat_clear_snapshot()`.execute(trx);
  // `events.` in ORDER BY: the bare name would be the text column of the select list, and as text
  // '100000' sorts before '99999'. The checkpoint is the batch's last row, so text order skipped
  // and repeated events wherever a batch spanned ids of different lengths.
  const { rows } = await sql<StoredEvent>`
    select ${STORED_EVENT_COLUMNS} from events
    where (transaction_id, global_position) > (${from.transactionId}::xid8, ${from.position}::bigint)
      and transaction_id < (
        with snapshot as (select pg_current_snapshot() as s),
        foreign_xids as (
          select xid from (${HELD_ELSEWHERE}) second_read
          where xid = any(${heldElsewhere}::bigint[]))
        select least(
          (select min(running) from snapshot, pg_snapshot_xip(snapshot.s) as running
           where (running::text::numeric % 4294967296)::bigint not in (select xid from foreign_xids)),
          pg_current_xact_id_if_assigned(),
          (select pg_snapshot_xmax(snapshot.s) from snapshot)))
    order by events.transaction_id, events.global_position
    limit ${limit}`.execute(trx);
  return rows;
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../database/database';
import { personalDataVault, type SealedPersonalData } from '../personal-data/vault';
import { type AppendRequest, type AppendResult, appendAlone } from './append';
import {
  eventsIn,
  eventTypesOf,
  type StoredEvent,
  type StoredEventEnvelope,
  type StoredEventOf,
} from './event';
import { groupCommitOf } from './group-commit';
import { upcasters } from './upcasters';

export {
  type AppendRequest,
  type AppendResult,
  appendAlone,
  appendGroup,
  ConcurrencyError,
} from './append';

/**
 * Appends all events of one decision in a single INSERT (see appendAlone), inside `db` when it is
 * a transaction; outside one, through the process's group commit on `db` (group-commit.ts): alone
 * when a writer is free, else in the next statement and commit shared with the appends to other
 * streams that arrived meanwhile, each answered its own positions and meeting its own fate.
 */
export function appendEvents(db: Kysely<Database>, request: AppendRequest): Promise<AppendResult> {
  return db.isTransaction ? appendAlone(db, request) : groupCommitOf(db).append(request);
}

/**
 * The columns every reader selects, in the shape `openStoredEvents` expects. Named as the code
 * names them: the camel-case plugin then returns the rows as they came, where renaming copied
 * every row of every batch (a rebuild reads the whole log). The time comes as milliseconds, the
 * microseconds as a fraction the Date drops as node-postgres's parser did: that parser took seven
 * times as long as a number takes to become a Date.
 */
export const STORED_EVENT_COLUMNS = sql.raw(`global_position as "globalPosition",
  transaction_id::text as "transactionId", tenant_id as "tenantId", stream_type as "streamType",
  stream_id as "streamId", stream_version as "streamVersion", event_type as "eventType",
  schema_version as "schemaVersion", data, metadata,
  (extract(epoch from occurred_at) * 1000)::float8 as "occurredAt",
  subject_id as "subjectId", personal_data as "personalData",
  case when events.subject_id is not null then
    (select sealed_key from data_subject_keys where data_subject_keys.subject_id = events.subject_id)
  end as "subjectKey"`);

/**
 * A row as selected with STORED_EVENT_COLUMNS: its personal fields still sealed, and its subject's
 * key as stored when it was read (null once erased).
 */
export interface StoredEventRow extends Omit<StoredEventEnvelope, 'occurredAt'> {
  eventType: string;
  data: unknown;
  /** Milliseconds since the epoch. */
  occurredAt: number;
  subjectId: string | null;
  personalData: SealedPersonalData | null;
  subjectKey: string | null;
}

/**
 * Rows as selected with STORED_EVENT_COLUMNS, their personal fields opened (or read as removed
 * once their subject is erased) and upcast to the event's current shape.
 */
export function openStoredEvents(rows: readonly StoredEventRow[]): StoredEvent[] {
  const opened = personalDataVault.open(rows);
  // One new object of one shape per event, whatever else the row holds (a reader's own columns).
  return rows.map((row, index) => ({
    globalPosition: row.globalPosition,
    transactionId: row.transactionId,
    tenantId: row.tenantId,
    streamType: row.streamType,
    streamId: row.streamId,
    streamVersion: row.streamVersion,
    eventType: row.eventType,
    schemaVersion: row.schemaVersion,
    data: upcasters.upcast(row.eventType, row.schemaVersion, opened[index]),
    metadata: row.metadata,
    occurredAt: new Date(row.occurredAt),
  }));
}

/** True when the tenant has a stream with this id (an id in a body names something of the caller's). */
export async function streamExists(
  db: Kysely<Database>,
  tenantId: string,
  streamId: string,
): Promise<boolean> {
  const result = await sql`
    select 1 from events where tenant_id = ${tenantId}::uuid and stream_id = ${streamId}::uuid limit 1`.execute(
    db,
  );
  return result.rows.length > 0;
}

/** Every event of a stream, of whatever type (a person's export: everything held). */
export async function readStream(
  db: Kysely<Database>,
  tenantId: string,
  streamId: string,
): Promise<StoredEvent[]> {
  const result = await sql<StoredEventRow>`
    select ${STORED_EVENT_COLUMNS}
    from events where tenant_id = ${tenantId}::uuid and stream_id = ${streamId}::uuid
    order by stream_version`.execute(db);
  return openStoredEvents(result.rows);
}

/**
 * The streams of a tenant in which one of `catalogue`'s events names `id` in its `field` (the
 * sessions booked for a student, the charges made to them): read from the log, so a stream just
 * written counts even before any read model has it.
 */
export async function streamsNaming<Catalogue extends object>(
  db: Kysely<Database>,
  tenantId: string,
  catalogue: Catalogue,
  field: string,
  id: string,
): Promise<string[]> {
  const { rows } = await sql<{ streamId: string }>`
    select distinct stream_id from events
    where tenant_id = ${tenantId}::uuid and event_type = any(${eventTypesOf(catalogue)}::text[])
      and data->>${field} = ${id}`.execute(db);
  return rows.map((row) => row.streamId);
}

/** A stream's events of the catalogue, typed by it: the reader switches on `eventType`. */
export async function readStreamOf<Catalogue extends object>(
  db: Kysely<Database>,
  tenantId: string,
  streamId: string,
  catalogue: Catalogue,
): Promise<StoredEventOf<Catalogue>[]> {
  return eventsIn(await readStream(db, tenantId, streamId), catalogue);
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../database/database';
import { personalDataVault, type SealedPersonalData } from '../personal-data/vault';
import type { DomainEvent, EventMetadata, StoredEvent } from './event';
import { upcasters } from './upcasters';

export interface AppendRequest {
  tenantId: string;
  streamType: string;
  streamId: string;
  /** The stream version the decision was made on (0 for a new stream). */
  expectedVersion: number;
  events: readonly DomainEvent[];
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Global position of the last event written. */
  position: number;
  nextVersion: number;
  /** xid8 of the appending transaction, as a decimal string. */
  transactionId: string;
}

/** Someone else appended to the stream since it was read: reload and decide again. */
export class ConcurrencyError extends Error {
  constructor(readonly streamId: string) {
    super(`stream ${streamId} changed concurrently`);
    this.name = 'ConcurrencyError';
  }
}

const UNIQUE_VIOLATION = '23505';

/**
 * Appends all events of one decision in a single INSERT; runs inside `db` (a pool or a transaction).
 * Inside a transaction, read the stream BEFORE the transaction's first write: the transaction id is
 * assigned at the first write, and projections order events by it, so an id taken before the read
 * could sort this decision ahead of the events it was decided on.
 */
export async function appendEvents(
  db: Kysely<Database>,
  request: AppendRequest,
): Promise<AppendResult> {
  if (request.events.length === 0) throw new Error('nothing to append');
  const versions = request.events.map((_, index) => request.expectedVersion + index + 1);
  const types = request.events.map((event) => event.type);
  // Personal fields leave `data` sealed with their subject's key (platform/personal-data).
  const split = await personalDataVault.seal(
    db,
    request.tenantId,
    request.streamId,
    request.events,
  );
  try {
    const rows = await sql<{ globalPosition: number; transactionId: string }>`
      insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, schema_version, data, metadata, subject_id, personal_data)
      select ${request.tenantId}::uuid, ${request.streamType}, ${request.streamId}::uuid, v, t, s, d, ${JSON.stringify(request.metadata)}::jsonb, subject, personal
      from unnest(${versions}::int[], ${types}::text[], ${types.map((type) => upcasters.currentVersion(type))}::smallint[], ${split.map(
        (event) => JSON.stringify(event.data),
      )}::jsonb[], ${split.map((event) => event.subjectId)}::uuid[], ${split.map((event) =>
        event.personalData ? JSON.stringify(event.personalData) : null,
      )}::jsonb[]) as e(v, t, s, d, subject, personal)
      returning global_position, transaction_id::text`.execute(db);
    return {
      position: Math.max(...rows.rows.map((row) => row.globalPosition)),
      nextVersion: versions[versions.length - 1],
      transactionId: rows.rows[0].transactionId,
    };
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      throw new ConcurrencyError(request.streamId);
    throw error;
  }
}

/** The columns every reader selects, in the shape `openStoredEvents` expects. */
export const STORED_EVENT_COLUMNS =
  sql.raw(`global_position, transaction_id::text as transaction_id, tenant_id, stream_type,
  stream_id, stream_version, event_type, schema_version, data, metadata, occurred_at, subject_id, personal_data`);

/** A row as selected with STORED_EVENT_COLUMNS: its personal fields still sealed. */
export interface StoredEventRow extends StoredEvent {
  subjectId: string | null;
  personalData: SealedPersonalData | null;
}

/**
 * Rows as selected with STORED_EVENT_COLUMNS, their personal fields opened (or read as removed
 * once their subject is erased) and upcast to the event's current shape.
 */
export async function openStoredEvents(
  db: Kysely<Database>,
  rows: readonly StoredEventRow[],
): Promise<StoredEvent[]> {
  const opened = await personalDataVault.open(db, rows);
  return rows.map(({ subjectId: _subject, personalData: _personal, ...row }, index) => ({
    ...row,
    data: upcasters.upcast(row.eventType, row.schemaVersion, opened[index]),
  }));
}

/** True when the tenant has a stream with this id (an id in a body names something of the caller's). */
export async function streamExists(db: Kysely<Database>, tenantId: string, streamId: string): Promise<boolean> {
  const result = await sql`
    select 1 from events where tenant_id = ${tenantId}::uuid and stream_id = ${streamId}::uuid limit 1`.execute(db);
  return result.rows.length > 0;
}

export async function readStream(
  db: Kysely<Database>,
  tenantId: string,
  streamId: string,
): Promise<StoredEvent[]> {
  const result = await sql<StoredEventRow>`
    select ${STORED_EVENT_COLUMNS}
    from events where tenant_id = ${tenantId}::uuid and stream_id = ${streamId}::uuid
    order by stream_version`.execute(db);
  return openStoredEvents(db, result.rows);
}

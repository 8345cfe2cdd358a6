import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../database/database';
import { AccountClosedError } from '../errors/domain-error';
import { personalDataVault, type SealedEvents } from '../personal-data/vault';
import type { DomainEvent, EventMetadata } from './event';
import { upcasters } from './upcasters';

export interface AppendRequest {
  tenantId: string;
  streamType: string;
  streamId: string;
  /** The stream version the decision was made on (0 for a new stream). */
  expectedVersion: number;
  events: readonly DomainEvent[];
  /** The metadata of every event, or of each event in turn (commands appended together). */
  metadata: EventMetadata | readonly EventMetadata[];
}

export interface AppendResult {
  /** Global position of the last event written. */
  position: number;
  /** Global position of each event written, in order. */
  positions: number[];
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

/** How many times an append seals again after its keys proved stale before it gives up. */
const SEALING_ATTEMPTS = 3;

/**
 * Appends all events of one decision in a single INSERT of its own; runs inside `db` (a pool or a
 * transaction). `appendEvents` (event-store.ts) is the store's append: outside a transaction it
 * goes through the group commit, which writes with this.
 * Inside a transaction, read the stream BEFORE the transaction's first write: the transaction id is
 * assigned at the first write, and projections order events by it, so an id taken before the read
 * could sort this decision ahead of the events it was decided on.
 *
 * Personal fields leave `data` sealed with their subject's key (platform/personal-data/vault.ts):
 * the same statement writes a new subject's key and proves a known one is still there, so a new
 * student costs one round trip and one commit, like any append. When a key proved stale (erased
 * meanwhile, or made first by another writer) nothing was appended: sealed again on a fresh read.
 */
export async function appendAlone(
  db: Kysely<Database>,
  request: AppendRequest,
): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    const written = await writeAppends(db, [request], attempt > 1);
    if (written) return written[0];
    if (attempt >= SEALING_ATTEMPTS) throw new ConcurrencyError(request.streamId);
  }
}

/**
 * Appends to different streams written in one statement and one commit (group commit,
 * event-store/group-commit.ts), each answered as `appendAlone` answers it; undefined when a key
 * proved stale, and nothing was appended. A version clash of any of them fails all of them.
 */
export async function appendGroup(
  db: Kysely<Database>,
  requests: readonly AppendRequest[],
): Promise<AppendResult[] | undefined> {
  return writeAppends(db, requests, false);
}

/** SQLSTATE of `assert_tenant_open` (migrations 20261208T1100, 20261209T1310): the account was closed. */
const TENANT_CLOSED = 'VR410';

/**
 * The append's own guard against a closing: each tenant's advisory lock taken shared (the closing
 * takes it exclusive) and its row checked in the INSERT itself, so an append racing the closing waits for it and is refused, and one ahead
 * of it holds the closing back until it commits. Evaluated once per statement, not per row: the
 * one tenant of an append called directly (no array to unnest and aggregate), or each of a group's.
 */
function tenantsOpen(tenants: readonly string[], parameter: string): string {
  return tenants.length === 1
    ? `assert_tenant_open(${parameter}::uuid)`
    : `(select bool_and(assert_tenant_open(t)) from unnest(${parameter}::uuid[]) t)`;
}

/** What every append statement answers, named as the code names it (no row renamed). */
const RETURNING = `returning stream_id as "streamId", global_position as "globalPosition",
        stream_version as "streamVersion", transaction_id::text as "transactionId"`;

/**
 * The append statement of a shape (whether it writes keys, proves known ones, names one tenant
 * or several), its text built once: the pool prepares it once per connection, and no append pays
 * for building and compiling a query. $1 the rows, $2 the tenant(s), then the keys' documents.
 * The columns come back as the code names them, so no row is renamed.
 */
const appendStatements = new Map<string, string>();
function appendStatement(shape: {
  creates: boolean;
  assumes: boolean;
  oneTenant: boolean;
}): string {
  const key = `${shape.creates}/${shape.assumes}/${shape.oneTenant}`;
  let text = appendStatements.get(key);
  if (text === undefined) {
    let next = 3;
    const keys = personalDataVault.keysGuardText({
      created: shape.creates ? `$${next++}` : undefined,
      assumed: shape.assumes ? `$${next++}` : undefined,
    });
    text = `${keys.with ? `with ${keys.with}` : ''}
      insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, schema_version, data, metadata, subject_id, personal_data)
      select tenant, "streamType", stream, version, type, schema, data, metadata, subject, personal
      from json_to_recordset($1::json) as e(
        tenant uuid, "streamType" text, stream uuid, version int, type text, schema smallint,
        data jsonb, metadata jsonb, subject uuid, personal jsonb)
      where ${keys.holds ? `${keys.holds} and ` : ''}${tenantsOpen(shape.oneTenant ? ['one'] : [], '$2')}
      ${RETURNING}`;
    appendStatements.set(key, text);
  }
  return text;
}

interface WrittenRow {
  streamId: string;
  globalPosition: number;
  streamVersion: number;
  transactionId: string;
}

/**
 * One append of one event (most commands): its columns as plain parameters, where the JSON document
 * of `eventsStatement` cost PostgreSQL a parse of the document, and its data, metadata and personal
 * fields each a second one (a new student's appendAlone, one client, taking turns in one process:
 * 429-441 -> 394-405 µs).
 * $1 the tenant, $2-$10 the event's columns, $11 the sealed key of its subject when it has one.
 */
const oneEventStatements = new Map<string, string>();
function oneEventStatement(
  request: AppendRequest,
  sealing: SealedEvents,
): { text: string; parameters: unknown[] } {
  const [event] = sealing.events;
  const key = sealing.created[0] ?? sealing.assumed[0];
  const shape = key ? (sealing.created.length > 0 ? 'made' : 'assumed') : 'none';
  let text = oneEventStatements.get(shape);
  if (text === undefined) {
    const keys = key
      ? personalDataVault.keyGuardText({
          subject: '$9',
          tenant: '$1',
          sealedKey: '$11',
          made: shape === 'made',
        })
      : undefined;
    text = `${keys?.with ? `with ${keys.with}` : ''}
      insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, schema_version, data, metadata, subject_id, personal_data)
      select $1::uuid, $2, $3::uuid, $4::int, $5, $6::smallint, $7::jsonb, $8::jsonb, $9::uuid, $10::jsonb
      where ${keys ? `${keys.holds} and ` : ''}${tenantsOpen(['one'], '$1')}
      ${RETURNING}`;
    oneEventStatements.set(shape, text);
  }
  const type = request.events[0].type;
  const metadata = Array.isArray(request.metadata) ? request.metadata[0] : request.metadata;
  const parameters: unknown[] = [
    request.tenantId,
    request.streamType,
    request.streamId,
    request.expectedVersion + 1,
    type,
    upcasters.currentVersion(type),
    JSON.stringify(event.data),
    JSON.stringify(metadata),
    event.subjectId,
    event.personalData && JSON.stringify(event.personalData),
  ];
  if (key) parameters.push(key.sealedKey);
  return { text, parameters };
}

/** Any appends, each of any number of events: the rows as one JSON document (appendStatement). */
function eventsStatement(
  requests: readonly AppendRequest[],
  sealings: readonly SealedEvents[],
): { text: string; parameters: unknown[] } {
  // Every row in one JSON document: PostgreSQL parses one value instead of ten arrays of them,
  // and Node writes it with one JSON.stringify instead of escaping every element of ten arrays
  // (a new student's append: 349 -> 299 µs, bare statements on one connection).
  const rows: object[] = [];
  requests.forEach((request, which) => {
    const { events } = sealings[which];
    const shared = Array.isArray(request.metadata) ? undefined : request.metadata;
    for (let index = 0; index < events.length; index++) {
      const type = request.events[index].type;
      rows.push({
        tenant: request.tenantId,
        streamType: request.streamType,
        stream: request.streamId,
        version: request.expectedVersion + index + 1,
        type,
        schema: upcasters.currentVersion(type),
        data: events[index].data,
        metadata: shared ?? (request.metadata as readonly EventMetadata[])[index],
        subject: events[index].subjectId,
        personal: events[index].personalData,
      });
    }
  });
  const tenants =
    requests.length === 1
      ? [requests[0].tenantId]
      : [...new Set(requests.map((request) => request.tenantId))];
  const keys = personalDataVault.keysParameters(
    sealings.map((sealing, which) => ({ tenantId: requests[which].tenantId, sealing })),
  );
  const parameters: unknown[] = [JSON.stringify(rows), tenants.length === 1 ? tenants[0] : tenants];
  if (keys.created !== undefined) parameters.push(keys.created);
  if (keys.assumed !== undefined) parameters.push(keys.assumed);
  const text = appendStatement({
    creates: keys.created !== undefined,
    assumes: keys.assumed !== undefined,
    oneTenant: tenants.length === 1,
  });
  return { text, parameters };
}

/** Every append of `requests` in one INSERT, or nothing (undefined: a key proved stale). */
async function writeAppends(
  db: Kysely<Database>,
  requests: readonly AppendRequest[],
  fresh: boolean,
): Promise<AppendResult[] | undefined> {
  const sealings: SealedEvents[] = [];
  for (const request of requests) {
    if (request.events.length === 0) throw new Error('nothing to append');
    const { metadata } = request;
    if (Array.isArray(metadata) && metadata.length !== request.events.length)
      throw new Error('one metadata per event');
    // Only a subject this process does not know (or a fresh attempt) costs a read.
    const sealing = personalDataVault.sealKnown(request, fresh);
    sealings.push(sealing ?? (await personalDataVault.seal(db, { ...request, fresh })));
  }
  const { text, parameters } =
    requests.length === 1 && requests[0].events.length === 1
      ? oneEventStatement(requests[0], sealings[0])
      : eventsStatement(requests, sealings);
  let written: WrittenRow[];
  try {
    ({ rows: written } = await db.executeQuery<WrittenRow>(CompiledQuery.raw(text, parameters)));
  } catch (error) {
    // Rolled back with the statement: the keys it made do not exist.
    personalDataVault.forget(
      sealings.flatMap((sealing) => sealing.created.map((key) => key.subjectId)),
    );
    if ((error as { code?: string }).code === TENANT_CLOSED) throw new AccountClosedError();
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      throw new ConcurrencyError(requests.map((request) => request.streamId).join(', '));
    throw error;
  }
  for (const sealing of sealings) personalDataVault.settle(sealing, written.length > 0);
  if (written.length === 0) return undefined;
  const transactionId = written[0].transactionId;
  if (requests.length === 1) {
    // One stream: its rows, in the order of their versions.
    const [request] = requests;
    const positions = written
      .sort((one, other) => one.streamVersion - other.streamVersion)
      .map((row) => row.globalPosition);
    return [
      {
        position: Math.max(...positions),
        positions,
        nextVersion: request.expectedVersion + request.events.length,
        transactionId,
      },
    ];
  }
  return requests.map((request) => {
    // The log holds an id as PostgreSQL writes it (lower case), whatever case it was sent in.
    const streamId = request.streamId.toLowerCase();
    const positions = written
      .filter((row) => row.streamId === streamId)
      .sort((one, other) => one.streamVersion - other.streamVersion)
      .map((row) => row.globalPosition);
    return {
      position: Math.max(...positions),
      positions,
      nextVersion: request.expectedVersion + request.events.length,
      transactionId,
    };
  });
}

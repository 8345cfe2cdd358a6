import type { RawBuilder, Transaction } from 'kysely';
import type { Database } from '../database/database';
import {
  type DomainEvent,
  eventOf,
  type StoredEvent,
  type StoredEventEnvelope,
} from '../event-store/event';

/** What a projection batch changed, pushed to the tenant's browsers so they refetch. */
export interface ProjectionChange {
  tenantId: string;
  type: string;
  id: string;
  /** The student whose own screens show it (their balance, their sessions): told to them too. */
  studentId?: string | null;
  /** What every student of the tenant reads (a location's policy, a contract to sign): told to them too. */
  allStudents?: boolean;
}

/**
 * Columns of a projection's table that hold a student's personal data, and what each becomes when
 * the student is erased (platform/personal-data/erasure.ts).
 */
export interface PersonalColumns {
  /** As the database names it (snake_case). */
  table: string;
  /** The column holding the student's id. */
  subject: string;
  /** A value, or an expression over the row (what the projection would derive from the removed field). */
  set: Readonly<Record<string, string | boolean | null | RawBuilder<unknown>>>;
  /** A column that takes the erasure's time (a row that leaves the lists). */
  erasedAt?: string;
  /** The student's rows are deleted instead (nothing in them is worth keeping without the person). */
  deleteRows?: boolean;
}

/**
 * A named read model. `apply` receives a batch of events in commit order (events of other types
 * included: ignore them) and writes idempotent upserts into the tables it owns, inside the
 * runner's transaction, which also moves the checkpoint. Batches, not single events, so a rebuild
 * of the whole log takes a handful of statements per thousand events.
 *
 * `apply` uses unqualified table names: a rebuild runs it with `search_path` pointing at a fresh
 * schema holding empty copies of `tables`, then swaps those tables in.
 */
export interface Projection {
  name: string;
  tables: readonly string[];
  /** The event types `apply` reads: appending one of them wakes this projection. */
  eventTypes: readonly string[];
  /** Where its tables keep a student's personal data (none: nothing of a person). */
  personalData?: readonly PersonalColumns[];
  /**
   * Its `apply` waits on work in other transactions (a process manager's commands): the checkpoint
   * moves after it, not in the read, so the batch's transaction takes no id meanwhile. An id taken
   * before those commands would be below theirs, and the gap-free horizon would keep every
   * projection from reading what they append until the batch commits (a wake-up then finds
   * nothing, and only the safety net, a second later, reads it).
   */
  checkpointAfterApply?: boolean;
  apply: (
    events: readonly StoredEvent[],
    trx: Transaction<Database>,
  ) => Promise<ProjectionChange[]>;
}

/** A stored event of `Event`'s types with that event as `{ type, data }`, for an exhaustive switch. */
export type StoredEventWithEvent<Event extends DomainEvent> = StoredEventEnvelope & {
  eventType: Event['type'];
  data: Event['data'];
  event: Event;
};

/** The events of `types` in a batch, each with its `{ type, data }` for an exhaustive switch. */
export function eventsOfTypes<Event extends DomainEvent>(
  batch: readonly StoredEvent[],
  types: readonly Event['type'][],
): StoredEventWithEvent<Event>[] {
  const wanted: ReadonlySet<string> = new Set(types);
  // The store upcasts every event to its type's current shape: a type of `Event` has its data.
  const isWanted = (stored: StoredEvent): stored is StoredEvent<Event> => wanted.has(stored.eventType);
  const chosen: StoredEventWithEvent<Event>[] = [];
  for (const stored of batch) {
    if (!isWanted(stored)) continue;
    // Field by field, not a spread: one object of one shape, where spreading every event of a
    // rebuild's batches cost more than the fold that reads it.
    chosen.push({
      globalPosition: stored.globalPosition,
      transactionId: stored.transactionId,
      tenantId: stored.tenantId,
      streamType: stored.streamType,
      streamId: stored.streamId,
      streamVersion: stored.streamVersion,
      eventType: stored.eventType,
      schemaVersion: stored.schemaVersion,
      data: stored.data,
      metadata: stored.metadata,
      occurredAt: stored.occurredAt,
      event: eventOf(stored),
    });
  }
  return chosen;
}

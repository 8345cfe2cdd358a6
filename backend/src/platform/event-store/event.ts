import type { DomainEvent, EventsOf } from '../../contracts/shared/event-catalogue';
import type { Role } from '../auth/auth-user';

export {
  type DomainEvent,
  eventData,
  type EventsOf,
  eventTypesOf,
} from '../../contracts/shared/event-catalogue';

/** Who caused an event and why; stored with every event. */
export interface EventMetadata {
  actorId: string;
  actorRole: Role | 'system';
  correlationId: string;
  causationId: string;
  commandId: string;
}

/** Where and when an event was stored, whatever its type. */
export interface StoredEventEnvelope {
  globalPosition: number;
  /** xid8 as a decimal string: compare with BigInt, never as a float. */
  transactionId: string;
  tenantId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  schemaVersion: number;
  metadata: EventMetadata;
  occurredAt: Date;
}

/**
 * An event as read back from the store (after upcasting to its current shape). A union of
 * events gives a union of stored events, so comparing `eventType` narrows `data`.
 */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? StoredEventEnvelope & { eventType: E['type']; data: E['data'] }
  : never;

/** The stored events of a catalogue (`{ Type: eventData<Data>() }`): its discriminated union. */
export type StoredEventOf<Catalogue> = StoredEvent<EventsOf<Catalogue>>;

/**
 * True when `stored` is one of the catalogue's events: its type is a key of the catalogue, and
 * the store upcasts every event to its type's current shape, so its data is that type's.
 */
export function isEventOf<Catalogue extends object>(
  stored: StoredEvent,
  catalogue: Catalogue,
): stored is StoredEventOf<Catalogue> {
  return Object.hasOwn(catalogue, stored.eventType);
}

/** The `{ type, data }` a stored event was appended as, for a decider's or a fold's `evolve`. */
export function eventOf<E extends DomainEvent>(stored: StoredEvent<E>): E {
  // `StoredEvent<E>` distributes over E member by member, so each pair is one of E's members;
  // the compiler does not follow that through the object literal.
  return { type: stored.eventType, data: stored.data } as E;
}

/** The events of `batch` that belong to the catalogue, typed by it. */
export function eventsIn<Catalogue extends object>(
  batch: readonly StoredEvent[],
  catalogue: Catalogue,
): StoredEventOf<Catalogue>[] {
  return batch.filter((stored): stored is StoredEventOf<Catalogue> => isEventOf(stored, catalogue));
}

/** Part of a catalogue: what a reaction or a read model reads of it. */
export function pickEvents<Catalogue extends object, const Type extends keyof Catalogue & string>(
  catalogue: Catalogue,
  types: readonly Type[],
): Pick<Catalogue, Type> {
  const picked = {} as Pick<Catalogue, Type>;
  for (const type of types) picked[type] = catalogue[type];
  return picked;
}

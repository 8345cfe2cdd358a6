import type { DomainEvent } from '../../contracts/shared/event-catalogue';
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

/** An event as read back from the store (after upcasting to its current shape). */
export interface StoredEvent<E extends DomainEvent = DomainEvent> {
  globalPosition: number;
  /** xid8 as a decimal string: compare with BigInt, never as a float. */
  transactionId: string;
  tenantId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  eventType: E['type'];
  schemaVersion: number;
  data: E['data'];
  metadata: EventMetadata;
  occurredAt: Date;
}


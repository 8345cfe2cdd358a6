import type { Role } from '../auth/auth-user';

/** Who caused an event and why; stored with every event. */
export interface EventMetadata {
  actorId: string;
  actorRole: Role | 'system';
  correlationId: string;
  causationId: string;
  commandId: string;
}

/** An event as a decider emits it: a discriminated union member `{ type, data }`. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
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

/**
 * Declares a stream's events once, each type with its data shape:
 * `const studentEvents = { StudentRegistered: eventData<StudentProfile>(), ... }`.
 * The keys are the runtime list of types (`eventTypesOf`); the values exist for the compiler only.
 */
export const eventData = <Data>(): Data => undefined as Data;

/** The discriminated union `{ type, data }` of an event catalogue. */
export type EventsOf<Catalogue> = {
  [Type in keyof Catalogue & string]: DomainEvent<Type, Catalogue[Type]>;
}[keyof Catalogue & string];

export const eventTypesOf = <Catalogue extends object>(catalogue: Catalogue) =>
  Object.keys(catalogue) as (keyof Catalogue & string)[];

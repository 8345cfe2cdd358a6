/**
 * How a stream's events are declared, once: `{ StudentRegistered: eventData<StudentProfile>(), ... }`.
 * The keys are the runtime list of types (`eventTypesOf`); the values exist for the compiler only.
 * A context publishes the part of its catalogue other contexts read in `contracts/<context>/events.ts`
 * and spreads it into its own.
 */

/** An event as a decider emits it: a discriminated union member `{ type, data }`. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export const eventData = <Data>(): Data => undefined as Data;

/** The discriminated union `{ type, data }` of an event catalogue. */
export type EventsOf<Catalogue> = {
  [Type in keyof Catalogue & string]: DomainEvent<Type, Catalogue[Type]>;
}[keyof Catalogue & string];

export const eventTypesOf = <Catalogue extends object>(catalogue: Catalogue) =>
  Object.keys(catalogue) as (keyof Catalogue & string)[];

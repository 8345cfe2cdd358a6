import type { DomainError } from '../errors/domain-error';
import type { DomainEvent } from './event';

/**
 * A stream's behaviour as pure functions: `evolve` folds events into state, `decide` answers a
 * command with new events or a domain error. No I/O; the clock is passed in.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  /** The kind of stream ('student', 'tenant', ...), stored with every event it writes. */
  streamType: string;
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, now: Date) => Event[] | DomainError;
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

import { DomainError } from '../../backend/src/platform/errors/domain-error';
import { type Decider, fold } from '../../backend/src/platform/event-store/decider';
import type { DomainEvent } from '../../backend/src/platform/event-store/event';

/**
 * The one style for decider specs: `given(...events).when(command).then(events)` or
 * `.thenFails(code, message?)`, with the clock fixed at `now`.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  now: Date,
) {
  return function given(...events: Event[]) {
    return {
      when(command: Command) {
        const outcome = decider.decide(command, fold(decider, events), now);
        return {
          then: (expected: Event[]) => expect(outcome).toEqual(expected),
          thenFails: (code: string, message?: string) => {
            expect(outcome).toBeInstanceOf(DomainError);
            expect((outcome as DomainError).code).toBe(code);
            if (message) expect((outcome as DomainError).message).toBe(message);
          },
          /** The events decided, to build the history of a next step. */
          events: () => {
            if (outcome instanceof DomainError) throw outcome;
            return outcome;
          },
        };
      },
    };
  };
}

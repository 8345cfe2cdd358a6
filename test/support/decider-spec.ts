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

/** `streamIdOf` gives each trainer one stream: the same id every call, another trainer another. */
export function expectOneStreamPerTrainer(streamIdOf: (tenantId: string) => string): void {
  const tenant = '01a20a2a-84e5-75eb-9619-fc2bcf84289c';
  expect(streamIdOf(tenant)).toBe(streamIdOf(tenant));
  expect(streamIdOf(tenant)).not.toBe(streamIdOf('01a20a2a-84e5-75eb-9619-fc2bcf84289d'));
}

import type { VacationInput } from '../../contracts/scheduling/api';
import { type DomainError, NotFoundError, ConflictError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

export interface VacationPeriod {
  /** 'YYYY-MM-DD', the first day blocked. */
  startDate: string;
  /** 'YYYY-MM-DD', the last day blocked (inclusive). */
  endDate: string;
  description: string | null;
}

/** The events of a vacation period's stream ('Modo Férias'). */
export const vacationEvents = {
  VacationStarted: eventData<VacationPeriod>(),
  /** Removed from the list (soft): the period no longer blocks bookings. */
  VacationEnded: eventData<Record<string, never>>(),
};
export type VacationEvent = EventsOf<typeof vacationEvents>;
export const VACATION_EVENT_TYPES = eventTypesOf(vacationEvents);

export type VacationCommand =
  { type: 'StartVacation'; period: VacationInput } | { type: 'EndVacation' };

export type VacationState = 'absent' | 'active' | 'ended';

export const vacationNotFound = () => new NotFoundError('Período');

function decide(command: VacationCommand, state: VacationState): VacationEvent[] | DomainError {
  switch (command.type) {
    case 'StartVacation': {
      if (state !== 'absent') return new ConflictError('vacation_exists', 'Período já cadastrado');
      const { startDate, endDate, description } = command.period;
      return [
        { type: 'VacationStarted', data: { startDate, endDate, description: description || null } },
      ];
    }
    case 'EndVacation':
      return state === 'active' ? [{ type: 'VacationEnded', data: {} }] : vacationNotFound();
  }
}

/** One vacation period: active from its creation until removed (spec 000 §4). */
export const vacationDecider: Decider<VacationCommand, VacationEvent, VacationState> = {
  streamType: 'vacation',
  initialState: () => 'absent',
  evolve: (_state, event) => (event.type === 'VacationStarted' ? 'active' : 'ended'),
  decide: (command, state) => decide(command, state),
};

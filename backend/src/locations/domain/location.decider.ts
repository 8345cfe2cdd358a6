import type { CancellationPolicy, LocationDetails } from '../../contracts/locations/api';
import { ConflictError, type DomainError, NotFoundError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { LocationEvent } from '../../contracts/locations/events';

export type LocationCommand =
  | { type: 'CreateLocation'; details: LocationDetails }
  | { type: 'UpdateLocation'; changes: Partial<LocationDetails>; ativo?: boolean }
  | { type: 'SetCancellationPolicy'; policy: CancellationPolicy }
  | { type: 'RemoveLocation' };

export interface LocationState {
  status: 'absent' | 'active' | 'removed';
  ativo: boolean;
  policy: CancellationPolicy | null;
}

const initialState = (): LocationState => ({ status: 'absent', ativo: true, policy: null });

function evolve(state: LocationState, event: LocationEvent): LocationState {
  switch (event.type) {
    case 'LocationCreated':
      return { ...initialState(), status: 'active' };
    case 'LocationUpdated':
      return state;
    case 'LocationDeactivated':
      return { ...state, ativo: false };
    case 'LocationReactivated':
      return { ...state, ativo: true };
    case 'CancellationPolicySet':
      return { ...state, policy: event.data };
    case 'LocationRemoved':
      return { ...state, status: 'removed' };
  }
}

const samePolicy = (a: CancellationPolicy | null, b: CancellationPolicy) =>
  a !== null &&
  a.cancelLimiteHoras === b.cancelLimiteHoras &&
  a.taxaPercent === b.taxaPercent &&
  a.queimaCredito === b.queimaCredito;

function decide(command: LocationCommand, state: LocationState): LocationEvent[] | DomainError {
  if (command.type === 'CreateLocation') {
    if (state.status !== 'absent')
      return new ConflictError('location_exists', 'Local já cadastrado');
    return [{ type: 'LocationCreated', data: command.details }];
  }
  if (state.status !== 'active') return new NotFoundError('Local');
  switch (command.type) {
    case 'UpdateLocation': {
      const events: LocationEvent[] = [];
      if (Object.keys(command.changes).length > 0)
        events.push({ type: 'LocationUpdated', data: command.changes });
      if (command.ativo === false && state.ativo)
        events.push({ type: 'LocationDeactivated', data: {} });
      if (command.ativo === true && !state.ativo)
        events.push({ type: 'LocationReactivated', data: {} });
      return events;
    }
    case 'SetCancellationPolicy':
      return samePolicy(state.policy, command.policy)
        ? []
        : [{ type: 'CancellationPolicySet', data: command.policy }];
    case 'RemoveLocation':
      return [{ type: 'LocationRemoved', data: {} }];
  }
}

/** One location's stream: where sessions happen, and the policy for cancelling them there. */
export const locationDecider: Decider<LocationCommand, LocationEvent, LocationState> = {
  streamType: 'location',
  initialState,
  evolve,
  decide: (command, state) => decide(command, state),
};

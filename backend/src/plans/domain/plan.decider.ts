import type { PlanChanges, PlanTerms } from '../../contracts/plans/api';
import { ConflictError, type DomainError, NotFoundError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { PlanEvent } from './plan.events';

export type PlanCommand =
  | { type: 'CreatePlan'; terms: PlanTerms }
  | { type: 'UpdatePlan'; changes: PlanChanges }
  | { type: 'RemovePlan' };

export interface PlanState {
  status: 'absent' | 'active' | 'removed';
  arquivado: boolean;
}

const initialState = (): PlanState => ({ status: 'absent', arquivado: false });

function evolve(state: PlanState, event: PlanEvent): PlanState {
  switch (event.type) {
    case 'PlanCreated':
      return { status: 'active', arquivado: false };
    case 'PlanUpdated':
      return state;
    case 'PlanArchived':
      return { ...state, arquivado: true };
    case 'PlanRestored':
      return { ...state, arquivado: false };
    case 'PlanRemoved':
      return { ...state, status: 'removed' };
  }
}

function decide(command: PlanCommand, state: PlanState): PlanEvent[] | DomainError {
  if (command.type === 'CreatePlan') {
    if (state.status !== 'absent') return new ConflictError('plan_exists', 'Plano já cadastrado');
    return [{ type: 'PlanCreated', data: command.terms }];
  }
  if (state.status !== 'active') return new NotFoundError('Plano');
  switch (command.type) {
    case 'UpdatePlan': {
      const { arquivado, ...changes } = command.changes;
      const events: PlanEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'PlanUpdated', data: changes });
      if (arquivado === true && !state.arquivado) events.push({ type: 'PlanArchived', data: {} });
      if (arquivado === false && state.arquivado) events.push({ type: 'PlanRestored', data: {} });
      return events;
    }
    case 'RemovePlan':
      return [{ type: 'PlanRemoved', data: {} }];
  }
}

/** One plan's stream: its terms, archived or not, removed once nothing refers to it. */
export const planDecider: Decider<PlanCommand, PlanEvent, PlanState> = {
  streamType: 'plan',
  initialState,
  evolve,
  decide: (command, state) => decide(command, state),
};

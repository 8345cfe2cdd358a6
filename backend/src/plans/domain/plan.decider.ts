import {
  AVULSO_BILLING,
  type PlanBilling,
  type PlanChanges,
  type PlanTerms,
} from '../../contracts/plans/api';
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
  cobranca: PlanBilling;
}

const initialState = (): PlanState => ({
  status: 'absent',
  arquivado: false,
  cobranca: AVULSO_BILLING,
});

const sameBilling = (a: PlanBilling, b: PlanBilling) =>
  a.tipo === b.tipo && a.diaVencimento === b.diaVencimento;

function evolve(state: PlanState, event: PlanEvent): PlanState {
  switch (event.type) {
    case 'PlanCreated':
      return {
        status: 'active',
        arquivado: false,
        cobranca: event.data.cobranca ?? AVULSO_BILLING,
      };
    case 'PlanUpdated':
      return event.data.cobranca ? { ...state, cobranca: event.data.cobranca } : state;
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
      const { arquivado, cobranca, ...rest } = command.changes;
      // Billing sent as it already is changes nothing (the form sends the whole plan back).
      const changes =
        cobranca && !sameBilling(cobranca, state.cobranca) ? { ...rest, cobranca } : rest;
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

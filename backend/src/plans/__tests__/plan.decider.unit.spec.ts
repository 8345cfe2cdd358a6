import { deciderSpec } from '../../../../test/support/decider-spec';
import type { PlanTerms } from '../../contracts/plans/api';
import { planDecider } from '../domain/plan.decider';
import type { PlanEvent } from '../domain/plan.events';

const terms: PlanTerms = {
  nome: 'Mensal 8',
  descricao: null,
  valorCentavos: 48_000,
  creditos: 8,
  cobranca: { tipo: 'avulso', diaVencimento: 1 },
};
const created: PlanEvent = { type: 'PlanCreated', data: terms };
const given = deciderSpec(planDecider, new Date('2026-11-22T12:00:00Z'));

describe('plan decider', () => {
  it('creates a plan once', () => {
    given().when({ type: 'CreatePlan', terms }).then([created]);
    given(created).when({ type: 'CreatePlan', terms }).thenFails('plan_exists');
  });

  it('updates only what changed, and archives or restores on request', () => {
    given(created)
      .when({ type: 'UpdatePlan', changes: { valorCentavos: 50_000, arquivado: true } })
      .then([
        { type: 'PlanUpdated', data: { valorCentavos: 50_000 } },
        { type: 'PlanArchived', data: {} },
      ]);
    given(created, { type: 'PlanArchived', data: {} })
      .when({ type: 'UpdatePlan', changes: { arquivado: true } })
      .then([]);
    given(created, { type: 'PlanArchived', data: {} })
      .when({ type: 'UpdatePlan', changes: { arquivado: false } })
      .then([{ type: 'PlanRestored', data: {} }]);
  });

  it('bills monthly on a due day, and records billing only when it changes', () => {
    const mensal = { tipo: 'mensal', diaVencimento: 10 } as const;
    given(created)
      .when({ type: 'UpdatePlan', changes: { cobranca: mensal } })
      .then([{ type: 'PlanUpdated', data: { cobranca: mensal } }]);
    given(created, { type: 'PlanUpdated', data: { cobranca: mensal } })
      .when({ type: 'UpdatePlan', changes: { nome: 'Mensal 8', cobranca: mensal } })
      .then([{ type: 'PlanUpdated', data: { nome: 'Mensal 8' } }]);
    given(created)
      .when({ type: 'UpdatePlan', changes: { cobranca: { tipo: 'avulso', diaVencimento: 1 } } })
      .then([]);
  });

  it('reads a plan made before monthly billing as avulso', () => {
    const { cobranca: _left, ...older } = terms;
    given({ type: 'PlanCreated', data: older })
      .when({ type: 'UpdatePlan', changes: { cobranca: { tipo: 'avulso', diaVencimento: 1 } } })
      .then([]);
  });

  it('answers not found for a plan that does not exist or was removed', () => {
    given().when({ type: 'RemovePlan' }).thenFails('not_found', 'Plano não encontrado');
    given(created, { type: 'PlanRemoved', data: {} })
      .when({ type: 'UpdatePlan', changes: { nome: 'Outro' } })
      .thenFails('not_found');
  });
});

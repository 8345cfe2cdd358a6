import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { PlanEvent } from '../domain/plan.events';
import { plansProjection } from '../projections/plans.projection';

const created: PlanEvent = {
  type: 'PlanCreated',
  data: { nome: 'Mensal 8', descricao: null, valorCentavos: 48_000, creditos: 8 },
};
const given = projectionSpec(plansProjection);

describe('plans projection', () => {
  it('keeps a plan of before monthly billing avulso, its value in reais', () =>
    given(created).then('plans', [
      {
        nome: 'Mensal 8',
        valor: '480.00',
        creditos: 8,
        cobrancaTipo: 'avulso',
        diaVencimento: 1,
        arquivado: false,
        removedAt: null,
        version: 1,
        createdAt: new Date(SPEC_CLOCK.getTime() + 1_000),
      },
    ]));

  it('changes only the fields updated, and the billing when it changes', () =>
    given(created)
      .when(
        { type: 'PlanUpdated', data: { valorCentavos: 50_050, nome: 'Mensal 8x' } },
        { type: 'PlanUpdated', data: { cobranca: { tipo: 'mensal', diaVencimento: 10 } } },
      )
      .then('plans', [
        {
          nome: 'Mensal 8x',
          valor: '500.50',
          creditos: 8,
          cobrancaTipo: 'mensal',
          diaVencimento: 10,
          version: 3,
        },
      ]));

  it('archives, restores and removes, keeping the row', () =>
    given(created, { type: 'PlanArchived', data: {} })
      .when({ type: 'PlanRestored', data: {} }, { type: 'PlanRemoved', data: {} })
      .then('plans', [
        { arquivado: false, removedAt: new Date(SPEC_CLOCK.getTime() + 4_000), version: 4 },
      ]));

  it('skips the events of a plan it never saw created', () =>
    given(created)
      .when({ type: 'PlanArchived', data: {}, streamId: '0190a0b0-0000-7000-8000-000000000001' })
      .then('plans', [{ nome: 'Mensal 8', arquivado: false, version: 1 }]));

  it("tells the tenant's browsers which plan changed", async () => {
    const spec = given(created).when({ type: 'PlanArchived', data: {} });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'plan', id: spec.streamId }]);
  });
});

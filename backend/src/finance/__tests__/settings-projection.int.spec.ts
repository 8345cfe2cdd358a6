import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import { onboardingData } from '../../../../test/support/spec-events';
import type { OnboardingEvent } from '../../contracts/identity/events';
import type { FinanceSettingsEvent, GoalsSettings } from '../domain/finance-settings.decider';
import { financeSettingsProjection } from '../projections/settings.projection';

const onboarded = (meta: number): OnboardingEvent => ({
  type: 'OnboardingCompleted',
  data: {
    onboardingId: '0190a0b0-0000-7000-8000-0000000000a2',
    tenantId: '0190a0b0-0000-7000-8000-0000000000a1',
    userId: '0190a0b0-0000-7000-8000-0000000000a3',
    onboardingData: { ...onboardingData, meta_faturamento_6meses: meta },
    completedAt: '2030-03-01T12:00:00.000Z',
  },
});
const goals: GoalsSettings = {
  metaMensalCentavos: 1_000_000,
  metaTrimestralCentavos: 3_000_000,
  metaAnualCentavos: 12_000_050,
  moeda: 'BRL',
  fusoHorario: 'America/Manaus',
  alocacao: { imposto: 10, reserva: 20, operacional: 10, retirada: 60 },
};
const goalsSet = (settings: GoalsSettings): FinanceSettingsEvent => ({
  type: 'FinanceGoalsSet',
  data: settings,
});
const given = projectionSpec(financeSettingsProjection);

describe('finance settings projection', () => {
  it("keeps the onboarding's answer as the 6-month target, no monthly goal, in São Paulo, no rule", () =>
    given(onboarded(8_500.5)).then('finance_settings', [
      {
        metaMensal: '0.00',
        metaSeisMeses: '8500.50',
        metaTrimestral: '0.00',
        metaAnual: '0.00',
        moeda: 'BRL',
        fusoHorario: 'America/Sao_Paulo',
        alocacao: null,
        goalsSet: false,
        updatedAt: new Date(SPEC_CLOCK.getTime() + 1_000),
      },
    ]));

  it('seeds no goal from a meaningless answer', () =>
    given(onboarded(-3)).then('finance_settings', [
      { metaMensal: '0.00', metaSeisMeses: '0.00', goalsSet: false },
    ]));

  it('keeps the goals as last saved, in reais, with the rule', () =>
    given(onboarded(5_000))
      .when(goalsSet({ ...goals, fusoHorario: 'America/Sao_Paulo' }), goalsSet(goals))
      .then('finance_settings', [
        {
          metaMensal: '10000.00',
          // Saved without a 6-month target: the onboarding's stays.
          metaSeisMeses: '5000.00',
          metaTrimestral: '30000.00',
          metaAnual: '120000.50',
          fusoHorario: 'America/Manaus',
          alocacao: goals.alocacao,
          goalsSet: true,
          updatedAt: new Date(SPEC_CLOCK.getTime() + 3_000),
        },
      ]));

  it('never lets the onboarding overwrite goals the trainer saved', () =>
    given(goalsSet(goals))
      .when(onboarded(5_000))
      .then('finance_settings', [{ metaMensal: '10000.00', goalsSet: true }]));

  it('tells the tenant its goals changed', async () => {
    const spec = given(onboarded(5_000)).when(goalsSet(goals));
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'finance-goals', id: spec.tenantId }]);
  });
});

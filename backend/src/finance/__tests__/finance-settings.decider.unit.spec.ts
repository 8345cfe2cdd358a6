import { deciderSpec, expectOneStreamPerTrainer } from '../../../../test/support/decider-spec';
import { DEFAULT_ALLOCATION_RULE } from '../../contracts/finance/api';
import {
  financeSettingsDecider,
  financeSettingsStreamId,
  type GoalsSettings,
} from '../domain/finance-settings.decider';

const given = deciderSpec(financeSettingsDecider, new Date('2026-11-24T12:00:00Z'));
const goals: GoalsSettings = {
  metaMensalCentavos: 1_200_000,
  metaTrimestralCentavos: 3_600_000,
  metaAnualCentavos: 14_400_000,
  moeda: 'BRL',
  fusoHorario: 'America/Sao_Paulo',
  alocacao: DEFAULT_ALLOCATION_RULE,
};

describe("a trainer's finance settings", () => {
  it('are saved whole; saving the same again writes nothing; a change replaces them', () => {
    given()
      .when({ type: 'SetGoals', settings: goals })
      .then([{ type: 'FinanceGoalsSet', data: goals }]);
    const saved = { type: 'FinanceGoalsSet' as const, data: goals };
    given(saved)
      .when({ type: 'SetGoals', settings: { ...goals } })
      .then([]);
    const changed = { ...goals, metaMensalCentavos: 1_500_000 };
    given(saved)
      .when({ type: 'SetGoals', settings: changed })
      .then([{ type: 'FinanceGoalsSet', data: changed }]);
  });

  it('live on one stream per trainer, the same id on every call', () => {
    expectOneStreamPerTrainer(financeSettingsStreamId);
  });
});

import type { BoundedContext } from '../platform/context/bounded-context';
import { FinanceModule } from './finance.module';
import { financeProjections } from './projections';

/**
 * Finances: transactions (receitas with their allocations, despesas) as events, voided never
 * deleted; monthly summaries (previsto from the agenda × the students' plans, recebido, despesas,
 * aderência to the goal) by the worker; goals and the allocation rule.
 */
export const financeContext: BoundedContext = {
  name: 'finance',
  module: FinanceModule,
  projections: financeProjections,
};

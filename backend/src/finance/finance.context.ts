import { ChargeReceitas } from '../contracts/charges/ports';
import { transactionPersonalData } from '../contracts/finance/events';
import type { BoundedContext } from '../platform/context/bounded-context';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { TransactionCommands } from './commands/transaction.commands';
import { FinanceModule } from './finance.module';
import { ChargeReceitasRecorder } from './commands/charge-receitas';
import { financeProjections } from './projections';
import { financeTables } from './finance.tables';

/**
 * Finances: transactions (receitas with their allocations, despesas) as events, voided never
 * deleted; monthly summaries (previsto from the agenda × the students' plans, recebido, despesas,
 * aderência to the goal) by the worker; goals and the allocation rule.
 */
export const financeContext: BoundedContext = {
  name: 'finance',
  tables: financeTables,
  module: FinanceModule,
  projections: financeProjections,
  personalData: [transactionPersonalData],
  workerPorts: [
    {
      port: ChargeReceitas,
      create: ({ db, commands }) =>
        new ChargeReceitasRecorder(
          new TransactionCommands(commands),
          new FinanceSettingsCommands(commands, db),
        ),
    },
  ],
};

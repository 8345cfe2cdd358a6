import { Global, Module } from '@nestjs/common';
import { AdvisorFigures } from '../contracts/advisor';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { TransactionCommands } from './commands/transaction.commands';
import { FinanceController } from './finance.controller';
import { FinanceRepository } from './queries/finance.repository';
import { TransactionsController } from './transactions.controller';

@Global()
@Module({
  controllers: [TransactionsController, FinanceController],
  providers: [
    TransactionCommands,
    FinanceSettingsCommands,
    FinanceRepository,
    { provide: AdvisorFigures, useExisting: FinanceRepository },
  ],
  exports: [AdvisorFigures],
})
export class FinanceModule {}

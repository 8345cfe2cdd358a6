import { Module } from '@nestjs/common';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { TransactionCommands } from './commands/transaction.commands';
import { FinanceController } from './finance.controller';
import { FinanceRepository } from './queries/finance.repository';
import { TransactionsController } from './transactions.controller';

@Module({
  controllers: [TransactionsController, FinanceController],
  providers: [TransactionCommands, FinanceSettingsCommands, FinanceRepository],
})
export class FinanceModule {}

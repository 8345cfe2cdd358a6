import { Global, Module } from '@nestjs/common';
import { AdvisorFigures } from '../contracts/advisor/ports';
import { ChargeReceitas } from '../contracts/charges/ports';
import { FinanceService } from './application/finance.service';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { TransactionCommands } from './commands/transaction.commands';
import { FinanceController } from './finance.controller';
import { FinanceRepository } from './queries/finance.repository';
import { ChargeReceitasRecorder } from './commands/charge-receitas';
import { TransactionsController } from './transactions.controller';

@Global()
@Module({
  controllers: [TransactionsController, FinanceController],
  providers: [
    TransactionCommands,
    FinanceSettingsCommands,
    FinanceRepository,
    FinanceService,
    { provide: AdvisorFigures, useExisting: FinanceRepository },
    { provide: ChargeReceitas, useClass: ChargeReceitasRecorder },
  ],
  exports: [AdvisorFigures, ChargeReceitas],
})
export class FinanceModule {}

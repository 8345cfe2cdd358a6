import { Global, Module } from '@nestjs/common';
import { StudentContracts } from '../contracts/agreements/ports';
import { ContractSigning } from './application/contract-signing.service';
import { ContractsController, StudentContractsController } from './agreements.controller';
import { ContractCommands } from './commands/contract.commands';
import { ContractsRepository } from './queries/contracts.repository';

@Global()
@Module({
  controllers: [ContractsController, StudentContractsController],
  providers: [
    ContractCommands,
    ContractSigning,
    ContractsRepository,
    { provide: StudentContracts, useExisting: ContractsRepository },
  ],
  exports: [StudentContracts],
})
export class AgreementsModule {}

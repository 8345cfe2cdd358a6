import { Global, Module } from '@nestjs/common';
import { LocationPolicies } from '../contracts/locations';
import { LocationCommands } from './commands/location.commands';
import { CepLookup } from './infrastructure/cep-lookup';
import { LocationsController } from './locations.controller';
import { CancellationPolicies } from './queries/cancellation-policies';
import { LocationsRepository } from './queries/locations.repository';

@Global()
@Module({
  controllers: [LocationsController],
  providers: [
    LocationCommands,
    LocationsRepository,
    CepLookup,
    { provide: LocationPolicies, useClass: CancellationPolicies },
  ],
  exports: [LocationPolicies],
})
export class LocationsModule {}

import { Global, Module } from '@nestjs/common';
import { LocationDirectory, LocationPolicies } from '../contracts/locations/ports';
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
    { provide: LocationDirectory, useExisting: LocationsRepository },
  ],
  exports: [LocationPolicies, LocationDirectory],
})
export class LocationsModule {}

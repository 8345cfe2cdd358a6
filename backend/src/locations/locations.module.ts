import { Module } from '@nestjs/common';
import { LocationCommands } from './commands/location.commands';
import { CepLookup } from './infrastructure/cep-lookup';
import { LocationsController } from './locations.controller';
import { LocationsRepository } from './queries/locations.repository';

@Module({
  controllers: [LocationsController],
  providers: [LocationCommands, LocationsRepository, CepLookup],
})
export class LocationsModule {}

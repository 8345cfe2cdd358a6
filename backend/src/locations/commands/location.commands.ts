import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { streamEntity } from '../../platform/references/entity-references';
import { locationDecider } from '../domain/location.decider';
import type { LocationEvent } from '../../contracts/locations/events';

export const LOCATION_HAS_LINKS =
  'Não é possível remover o local: possui vínculos (agendamentos). Use Inativar se disponível.';

/** Every location command, decided on the location's stream; sessions refer to it. */
@Injectable()
export class LocationCommands extends commandHandlerFor(
  locationDecider,
  streamEntity<LocationEvent>({
    kind: 'location',
    created: 'LocationCreated',
    removed: 'LocationRemoved',
    hasLinks: LOCATION_HAS_LINKS,
  }),
) {}

import { Injectable } from '@nestjs/common';
import { settingsCommandsFor } from '../../platform/event-store/settings-stream';
import { availabilityDecider, availabilityStreamId } from '../domain/availability.decider';

/** The trainer's availability: saved whole, and read as it stands now (for a booking's warning). */
@Injectable()
export class AvailabilityCommands extends settingsCommandsFor({
  decider: availabilityDecider,
  streamId: availabilityStreamId,
}) {}

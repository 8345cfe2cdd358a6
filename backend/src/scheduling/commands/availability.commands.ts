import { Inject, Injectable } from '@nestjs/common';
import type { AvailabilityRow } from '../../contracts/scheduling/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { commandHandlerFor, CommandRunner } from '../../platform/event-store/command-runner';
import { fold } from '../../platform/event-store/decider';
import type { StoredEvent } from '../../platform/event-store/event';
import { readStream } from '../../platform/event-store/event-store';
import {
  availabilityDecider,
  type AvailabilityEvent,
  availabilityStreamId,
} from '../domain/availability.decider';

/** The trainer's availability: saved whole, and read as it stands now (for a booking's warning). */
@Injectable()
export class AvailabilityCommands extends commandHandlerFor(availabilityDecider) {
  constructor(
    @Inject(CommandRunner) runner: CommandRunner,
    @Inject(DATABASE) private readonly db: Db,
  ) {
    super(runner);
  }

  /** The rows as last saved, from the stream itself (a save a moment ago included). */
  async current(tenantId: string): Promise<readonly AvailabilityRow[]> {
    const stream = await readStream(this.db, tenantId, availabilityStreamId(tenantId));
    return fold(
      availabilityDecider,
      stream.map(
        (stored: StoredEvent) =>
          ({ type: stored.eventType, data: stored.data }) as AvailabilityEvent,
      ),
    );
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { PublicLinkSettings } from '../../contracts/booking/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { commandHandlerFor, CommandRunner } from '../../platform/event-store/command-runner';
import { fold } from '../../platform/event-store/decider';
import { readStream } from '../../platform/event-store/event-store';
import {
  publicLinkDecider,
  type PublicLinkEvent,
  publicLinkStreamId,
} from '../domain/public-link.decider';

/**
 * The trainer's public link settings: saved whole, read from the stream itself (one small stream
 * per trainer, exact at once: a page closed a moment ago is closed for the next visitor).
 */
@Injectable()
export class PublicLinkCommands extends commandHandlerFor(publicLinkDecider) {
  constructor(
    @Inject(CommandRunner) runner: CommandRunner,
    @Inject(DATABASE) private readonly db: Db,
  ) {
    super(runner);
  }

  async current(tenantId: string): Promise<PublicLinkSettings> {
    const stream = await readStream(this.db, tenantId, publicLinkStreamId(tenantId));
    return fold(
      publicLinkDecider,
      stream.map((stored) => ({ type: stored.eventType, data: stored.data }) as PublicLinkEvent),
    );
  }
}

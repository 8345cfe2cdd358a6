import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { commandHandlerFor, CommandRunner } from '../../platform/event-store/command-runner';
import { fold } from '../../platform/event-store/decider';
import type { StoredEvent } from '../../platform/event-store/event';
import { readStream } from '../../platform/event-store/event-store';
import {
  financeSettingsDecider,
  type FinanceSettingsEvent,
  type FinanceSettingsState,
  financeSettingsStreamId,
} from '../domain/finance-settings.decider';

/** The trainer's goals and allocation rule: saved whole, and read as they stand now. */
@Injectable()
export class FinanceSettingsCommands extends commandHandlerFor(financeSettingsDecider) {
  constructor(
    @Inject(CommandRunner) runner: CommandRunner,
    @Inject(DATABASE) private readonly db: Db,
  ) {
    super(runner);
  }

  /** The settings as last saved, from the stream itself (a save a moment ago included). */
  async current(tenantId: string): Promise<FinanceSettingsState> {
    const stream = await readStream(this.db, tenantId, financeSettingsStreamId(tenantId));
    return fold(
      financeSettingsDecider,
      stream.map(
        (stored: StoredEvent) =>
          ({ type: stored.eventType, data: stored.data }) as FinanceSettingsEvent,
      ),
    );
  }
}

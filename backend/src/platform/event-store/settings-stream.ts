import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE, type Db } from '../database/database.module';
import type { Database } from '../database/database';
import {
  type CommandContext,
  type CommandOptions,
  type CommandResult,
  CommandRunner,
  type InlineProjection,
} from './command-runner';
import type { Decider } from './decider';
import type { DomainEvent } from './event';
import { loadState } from './load-state';

/**
 * A trainer's settings kept as one small stream per tenant (PIX, public link, finance goals,
 * reminders, availability): saved whole through its decider, read from the stream itself (a save a
 * moment ago included), the decider's initial state until the first save.
 */
export interface SettingsStream<Command, Event extends DomainEvent, State> {
  decider: Decider<Command, Event, State>;
  /** The one stream of a tenant, derived from its id: the same on every server and every call. */
  streamId: (tenantId: string) => string;
}

/** The settings as they stand now (the API's and the worker's one reading of them). */
export async function currentSettings<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  tenantId: string,
  { decider, streamId }: SettingsStream<Command, Event, State>,
): Promise<State> {
  return (await loadState(db, tenantId, streamId(tenantId), decider)).state;
}

/**
 * The command handler of a settings stream:
 * `@Injectable() export class ReminderSettingsCommands extends settingsCommandsFor({
 *   decider: reminderSettingsDecider,
 *   streamId: reminderSettingsStreamId,
 * }) {}`.
 */
export function settingsCommandsFor<Command, Event extends DomainEvent, State>(
  settings: SettingsStream<Command, Event, State>,
  inline?: InlineProjection<Event, NoInfer<State>>,
) {
  @Injectable()
  class SettingsCommandHandler {
    constructor(
      @Inject(CommandRunner) readonly runner: CommandRunner,
      @Inject(DATABASE) readonly db: Db,
    ) {}

    /** Decides the command on the caller's tenant's settings stream. */
    change(
      context: CommandContext,
      command: Command,
      options?: CommandOptions,
    ): Promise<CommandResult> {
      return this.runner.run({
        decider: settings.decider,
        streamId: settings.streamId(context.tenantId),
        command,
        context,
        options,
        inline,
      });
    }

    current(tenantId: string): Promise<State> {
      return currentSettings(this.db, tenantId, settings);
    }
  }
  return SettingsCommandHandler;
}

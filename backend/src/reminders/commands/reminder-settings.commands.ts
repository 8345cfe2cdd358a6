import { Inject, Injectable } from '@nestjs/common';
import { commandHandlerFor, CommandRunner } from '../../platform/event-store/command-runner';
import { reminderSettingsDecider } from '../domain/reminder-settings.decider';

/** The trainer's reminder settings, saved whole. */
@Injectable()
export class ReminderSettingsCommands extends commandHandlerFor(reminderSettingsDecider) {
  constructor(@Inject(CommandRunner) runner: CommandRunner) {
    super(runner);
  }
}

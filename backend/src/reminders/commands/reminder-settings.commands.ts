import { Injectable } from '@nestjs/common';
import { settingsCommandsFor } from '../../platform/event-store/settings-stream';
import {
  reminderSettingsDecider,
  reminderSettingsStreamId,
} from '../domain/reminder-settings.decider';

/** The trainer's reminder settings, saved whole. */
@Injectable()
export class ReminderSettingsCommands extends settingsCommandsFor({
  decider: reminderSettingsDecider,
  streamId: reminderSettingsStreamId,
}) {}

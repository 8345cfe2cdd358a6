import { Injectable } from '@nestjs/common';
import { settingsCommandsFor } from '../../platform/event-store/settings-stream';
import {
  financeSettingsDecider,
  financeSettingsStreamId,
} from '../domain/finance-settings.decider';

/** The trainer's goals and allocation rule: saved whole, and read as they stand now. */
@Injectable()
export class FinanceSettingsCommands extends settingsCommandsFor({
  decider: financeSettingsDecider,
  streamId: financeSettingsStreamId,
}) {}

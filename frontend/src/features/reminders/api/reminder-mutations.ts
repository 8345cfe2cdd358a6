import { remindersApi } from '@contracts/reminders/api';
import { remindersKey } from '../../../entities/reminders';
import { settingsRemindersKey } from '../../../entities/settings-reminders';
import { useOperation } from '../../../lib/contract-query';

/** PUT /api/settings/reminders (tomorrow's list shows whether each e-mail goes out). */
export const useSaveReminderSettings = () =>
  useOperation(remindersApi.saveSettings, { invalidates: [settingsRemindersKey, remindersKey] });

import { remindersApi } from '@contracts/reminders/api';
import { useOperation } from '../../../entities/operation';

/** PUT /api/settings/reminders (tomorrow's list shows whether each e-mail goes out). */
export const useSaveReminderSettings = () =>
  useOperation(remindersApi.saveSettings);

import { remindersApi } from '@contracts/reminders/api';
import { operationQuery } from '../../lib/contract-query';
export { settingsRemindersKey } from './keys';

/** GET /api/settings/reminders (the defaults until the trainer saves their own). */
export const reminderSettingsQuery = () => operationQuery(remindersApi.settings, {});

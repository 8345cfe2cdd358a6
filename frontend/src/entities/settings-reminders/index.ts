import type { remindersApi } from '@contracts/reminders/api';
import { getQuery } from '../../lib/contract-query';
export { settingsRemindersKey } from './keys';

/** GET /api/settings/reminders (the defaults until the trainer saves their own). */
export const reminderSettingsQuery = () => getQuery<typeof remindersApi.settings>('/settings/reminders', {});

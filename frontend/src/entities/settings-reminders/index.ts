import { remindersApi } from '@contracts/reminders/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** The reminders' settings; a 'reminder' change or saving them invalidates it. */
export const settingsRemindersKey = pathKey(remindersApi.settings);

/** GET /api/settings/reminders (the defaults until the trainer saves their own). */
export const reminderSettingsQuery = () => operationQuery(remindersApi.settings, {});

import { remindersApi } from '@contracts/reminders/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/settings/reminders (the defaults until the trainer saves their own). */
export const reminderSettingsQuery = () => getQuery(remindersApi.settings, {});

/** The reminders' settings; a 'reminder' change or saving them invalidates it. */
export const settingsRemindersKey = keyOf(remindersApi.settings);

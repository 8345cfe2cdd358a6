import type { remindersApi } from '@contracts/reminders/api';
import { entityKey } from '../../lib/query-keys';

/** The reminders' settings; a 'reminder' change or saving them invalidates it. */
export const settingsRemindersKey =
  entityKey<typeof remindersApi.settings>('/settings/reminders');

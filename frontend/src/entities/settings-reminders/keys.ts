import type { remindersApi } from '@contracts/reminders/api';
import { deferredKey } from '../../lib/query-keys';

/** The reminders' settings; a 'reminder' change or saving them invalidates it. */
export const settingsRemindersKey =
  deferredKey<typeof remindersApi.settings>('/settings/reminders');

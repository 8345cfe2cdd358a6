import type { remindersApi } from '@contracts/reminders/api';
import { entityKey } from '../../lib/query-keys';

/** The one read under /reminders; a 'reminder' change invalidates it. */
export const remindersKey = entityKey<typeof remindersApi.tomorrow>('/reminders/tomorrow');

import type { remindersApi } from '@contracts/reminders/api';
import { deferredKey } from '../../lib/query-keys';

/** The one read under /reminders; a 'reminder' change invalidates it. */
export const remindersKey = deferredKey<typeof remindersApi.tomorrow>('/reminders/tomorrow');

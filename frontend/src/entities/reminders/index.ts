import { remindersApi } from '@contracts/reminders/api';
import { getQuery, keyOf, LIVE_READ_FRESH_MS } from '../../lib/contract-query';

/**
 * GET /api/reminders/tomorrow: tomorrow's sessions with their WhatsApp reminders written. On the
 * dashboard.
 */
export const tomorrowRemindersQuery = () => ({
  ...getQuery(remindersApi.tomorrow, {}),
  staleTime: LIVE_READ_FRESH_MS,
});

/** The one read under /reminders; a 'reminder' change invalidates it. */
export const remindersKey = keyOf(remindersApi.tomorrow);

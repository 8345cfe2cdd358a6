import { remindersApi } from '@contracts/reminders/api';
import { keyOf, liveQuery } from '../../lib/contract-query';

/**
 * GET /api/reminders/tomorrow: tomorrow's sessions with their WhatsApp reminders written. On the
 * dashboard.
 */
export const tomorrowRemindersQuery = () => liveQuery(remindersApi.tomorrow, {});

/** The one read under /reminders; a 'reminder' change invalidates it. */
export const remindersKey = keyOf(remindersApi.tomorrow);

import { remindersApi } from '@contracts/reminders/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** The one read under /reminders; a 'reminder' change invalidates it. */
export const remindersKey = pathKey(remindersApi.tomorrow);

/** GET /api/reminders/tomorrow: tomorrow's sessions with their WhatsApp reminders written. */
export const tomorrowRemindersQuery = () => operationQuery(remindersApi.tomorrow, {});

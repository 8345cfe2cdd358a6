import type { remindersApi } from '@contracts/reminders/api';
import { getQuery } from '../../lib/contract-query';
export { remindersKey } from './keys';

/**
 * GET /api/reminders/tomorrow: tomorrow's sessions with their WhatsApp reminders written. On the
 * dashboard.
 */
export const tomorrowRemindersQuery = () => getQuery<typeof remindersApi.tomorrow>('/reminders/tomorrow', {});

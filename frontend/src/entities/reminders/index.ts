import { remindersApi } from '@contracts/reminders/api';
import { operationQuery } from '../../lib/contract-query';
export { remindersKey } from './keys';

/** GET /api/reminders/tomorrow: tomorrow's sessions with their WhatsApp reminders written. */
export const tomorrowRemindersQuery = () => operationQuery(remindersApi.tomorrow, {});

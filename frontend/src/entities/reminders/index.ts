import type { remindersApi } from '@contracts/reminders/api';
import { deferredQuery } from '../../lib/contract-query';
export { remindersKey } from './keys';

type TomorrowRemindersRead = typeof remindersApi.tomorrow;

/**
 * GET /api/reminders/tomorrow: tomorrow's sessions with their WhatsApp reminders written. On the
 * dashboard, the shell's first screen, so a read by path, without its contract's schemas.
 */
export const tomorrowRemindersQuery = () => deferredQuery<TomorrowRemindersRead>('/reminders/tomorrow', {});

import type { financeApi } from '@contracts/finance/api';
import { deferredKey } from '../../lib/query-keys';

/** The goals' settings; a 'finance-goals' change or saving them invalidates it. */
export const goalsKey = deferredKey<typeof financeApi.goals>('/settings/goals');

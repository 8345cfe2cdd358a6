import type { financeApi } from '@contracts/finance/api';
import { entityKey } from '../../lib/query-keys';

/** The goals' settings; a 'finance-goals' change or saving them invalidates it. */
export const goalsKey = entityKey<typeof financeApi.goals>('/settings/goals');

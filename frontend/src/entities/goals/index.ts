import { financeApi } from '@contracts/finance/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/settings/goals: the goals, currency, time zone and allocation rule (reais). */
export const goalsQuery = () => getQuery(financeApi.goals, {});

/** The goals' settings; a 'finance-goals' change or saving them invalidates it. */
export const goalsKey = keyOf(financeApi.goals);

import { financeApi } from '@contracts/finance/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** The goals' settings; a 'finance-goals' change or saving them invalidates it. */
export const goalsKey = pathKey(financeApi.goals);

/** GET /api/settings/goals: the goals, currency, time zone and allocation rule (reais). */
export const goalsQuery = () => operationQuery(financeApi.goals, {});

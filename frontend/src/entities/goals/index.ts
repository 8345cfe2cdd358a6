import type { financeApi } from '@contracts/finance/api';
import { getQuery } from '../../lib/contract-query';
export { goalsKey } from './keys';

/** GET /api/settings/goals: the goals, currency, time zone and allocation rule (reais). */
export const goalsQuery = () => getQuery<typeof financeApi.goals>('/settings/goals', {});

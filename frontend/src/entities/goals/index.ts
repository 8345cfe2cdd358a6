import { financeApi } from '@contracts/finance/api';
import { operationQuery } from '../../lib/contract-query';
export { goalsKey } from './keys';

/** GET /api/settings/goals: the goals, currency, time zone and allocation rule (reais). */
export const goalsQuery = () => operationQuery(financeApi.goals, {});

import type { SubscriptionStatus } from '@contracts/charges/api';
import { subscriptionsApi } from '@contracts/charges/api';
import { operationQuery } from '../../lib/contract-query';
export { subscriptionsKey } from './keys';

/** GET /api/subscriptions?studentId=&status=: most recent first. */
export const subscriptionsQuery = (query: { studentId?: string; status?: SubscriptionStatus }) =>
  operationQuery(subscriptionsApi.list, { query });

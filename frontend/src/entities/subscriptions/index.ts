import type { SubscriptionStatus } from '@contracts/charges/api';
import type { subscriptionsApi } from '@contracts/charges/api';
import { getQuery } from '../../lib/contract-query';
export { subscriptionsKey } from './keys';

/** GET /api/subscriptions?studentId=&status=: most recent first. */
export const subscriptionsQuery = (query: { studentId?: string; status?: SubscriptionStatus }) =>
  getQuery<typeof subscriptionsApi.list>('/subscriptions', { query });

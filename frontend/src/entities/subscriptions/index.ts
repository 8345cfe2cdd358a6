import type { SubscriptionStatus } from '@contracts/charges/api';
import { subscriptionsApi } from '@contracts/charges/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/subscriptions?studentId=&status=: most recent first. */
export const subscriptionsQuery = (query: { studentId?: string; status?: SubscriptionStatus }) =>
  getQuery(subscriptionsApi.list, { query });

/** Every read of subscriptions; a subscription mutation invalidates it. */
export const subscriptionsKey = keyOf(subscriptionsApi.list);

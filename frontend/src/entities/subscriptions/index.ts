import type { SubscriptionStatus } from '@contracts/charges/api';
import { subscriptionsApi } from '@contracts/charges/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Every read of subscriptions; a subscription mutation invalidates it. */
export const subscriptionsKey = pathKey(subscriptionsApi.list);

/** GET /api/subscriptions?studentId=&status=: most recent first. */
export const subscriptionsQuery = (query: { studentId?: string; status?: SubscriptionStatus }) =>
  operationQuery(subscriptionsApi.list, { query });

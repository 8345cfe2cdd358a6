import type { subscriptionsApi } from '@contracts/charges/api';
import { entityKey } from '../../lib/query-keys';

/** Every read of subscriptions; a subscription mutation invalidates it. */
export const subscriptionsKey = entityKey<typeof subscriptionsApi.list>('/subscriptions');

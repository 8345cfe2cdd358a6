import type { subscriptionsApi } from '@contracts/charges/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read of subscriptions; a subscription mutation invalidates it. */
export const subscriptionsKey = deferredKey<typeof subscriptionsApi.list>('/subscriptions');

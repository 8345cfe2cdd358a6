import type { plansApi } from '@contracts/plans/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read of plans; a 'plan' change or a plan mutation invalidates it. */
export const plansKey = deferredKey<typeof plansApi.list>('/plans');

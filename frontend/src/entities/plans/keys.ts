import type { plansApi } from '@contracts/plans/api';
import { entityKey } from '../../lib/query-keys';

/** Every read of plans; a 'plan' change or a plan mutation invalidates it. */
export const plansKey = entityKey<typeof plansApi.list>('/plans');

import type { chargesApi } from '@contracts/charges/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /charges (a charge too); a 'charge' change or a charge mutation invalidates it. */
export const chargesKey = entityKey<typeof chargesApi.list>('/charges');

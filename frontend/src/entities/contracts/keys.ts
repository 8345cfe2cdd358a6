import type { contractsApi } from '@contracts/agreements/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /contracts; a 'contract' change or a contract mutation invalidates it. */
export const contractsKey = entityKey<typeof contractsApi.list>('/contracts');

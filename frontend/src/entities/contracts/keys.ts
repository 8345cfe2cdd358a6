import type { contractsApi } from '@contracts/agreements/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read under /contracts; a 'contract' change or a contract mutation invalidates it. */
export const contractsKey = deferredKey<typeof contractsApi.list>('/contracts');

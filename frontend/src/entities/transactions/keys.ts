import type { financeApi } from '@contracts/finance/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /transactions (a transaction's details too); a 'transaction' change or a transaction mutation invalidates it. */
export const transactionsKey = entityKey<typeof financeApi.transactions>('/transactions');

import type { Transaction } from '@contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { financeKeys } from './finance-keys';

/** GET /api/transactions?month=YYYY-MM: newest first, voided ones with status 'estornada'. */
export function fetchTransactions(month: string, signal?: AbortSignal) {
  return api.get<{ items: Transaction[] }>('/transactions', { query: { month }, signal });
}

export function useTransactions(month: string) {
  return useQuery({
    queryKey: financeKeys.transactionsOf(month),
    queryFn: ({ signal }) => fetchTransactions(month, signal),
    retry: retryUnlessClientError,
    select: (answer) => answer.items,
  });
}

import type { TransactionDetails } from '@contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { financeKeys } from './finance-keys';

/** GET /api/transactions/:id with its allocations. */
export function fetchTransaction(id: string, signal?: AbortSignal) {
  return api.get<TransactionDetails>(`/transactions/${encodeURIComponent(id)}`, { signal });
}

export function useTransaction(id: string | null) {
  return useQuery({
    queryKey: financeKeys.transaction(id ?? ''),
    queryFn: ({ signal }) => fetchTransaction(id as string, signal),
    enabled: id !== null,
    retry: retryUnlessClientError,
  });
}

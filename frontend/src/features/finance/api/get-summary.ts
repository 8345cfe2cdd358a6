import type { FinanceSummary } from '@contracts/finance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { financeKeys } from './finance-keys';

export type SummaryAnswer = FinanceSummary & { primeiroMes: string | null };

/** GET /api/finance/summary?month=YYYY-MM: one summary row, never summed on request. */
export function fetchSummary(month: string, signal?: AbortSignal): Promise<SummaryAnswer> {
  return api.get<SummaryAnswer>('/finance/summary', { query: { month }, signal });
}

export function useSummary(month: string) {
  return useQuery({
    queryKey: financeKeys.summary(month),
    queryFn: ({ signal }) => fetchSummary(month, signal),
    retry: retryUnlessClientError,
    placeholderData: keepPreviousData,
  });
}

import type { FinanceSeriesItem } from '@contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { financeKeys } from './finance-keys';

/** GET /api/finance/series: previsto and recebido of the `months` months up to `until`, oldest first. */
export function fetchSeries(until: string, months: number, signal?: AbortSignal) {
  return api.get<{ items: FinanceSeriesItem[] }>('/finance/series', { query: { until, months }, signal });
}

export function useSeries(until: string, months = 12) {
  return useQuery({
    queryKey: financeKeys.series(until, months),
    queryFn: ({ signal }) => fetchSeries(until, months, signal),
    retry: retryUnlessClientError,
    select: (answer) => answer.items,
  });
}

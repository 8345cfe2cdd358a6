import type { financeApi } from '@contracts/finance/api';
import { getQuery } from '../../lib/contract-query';
export { financeSummaryKey, financeSeriesKey } from './keys';

/** GET /api/finance/summary?month=YYYY-MM: one summary row, never summed on request. */
export const financeSummaryQuery = (month: string) =>
  getQuery<typeof financeApi.summary>('/finance/summary', { query: { month } });

/** GET /api/finance/series: previsto and recebido of the `months` months up to `until`, oldest first. */
export const financeSeriesQuery = (until: string, months: number) =>
  getQuery<typeof financeApi.series>('/finance/series', { query: { until, months } });

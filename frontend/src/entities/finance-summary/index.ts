import { financeApi } from '@contracts/finance/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/finance/summary?month=YYYY-MM: one summary row, never summed on request. */
export const financeSummaryQuery = (month: string) =>
  getQuery(financeApi.summary, { query: { month } });

/** GET /api/finance/series: previsto and recebido of the `months` months up to `until`, oldest first. */
export const financeSeriesQuery = (until: string, months: number) =>
  getQuery(financeApi.series, { query: { until, months } });

/** The month's summary; a transaction, a 'finance-summary' or a goals change invalidates it. */
export const financeSummaryKey = keyOf(financeApi.summary);

/** The previsto × recebido series; a transaction or a 'finance-summary' change invalidates it. */
export const financeSeriesKey = keyOf(financeApi.series);

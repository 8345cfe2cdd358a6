import { financeApi } from '@contracts/finance/api';
import { operationQuery } from '../../lib/contract-query';
export { financeSummaryKey, financeSeriesKey } from './keys';

/** GET /api/finance/summary?month=YYYY-MM: one summary row, never summed on request. */
export const financeSummaryQuery = (month: string) =>
  operationQuery(financeApi.summary, { query: { month } });

/** GET /api/finance/series: previsto and recebido of the `months` months up to `until`, oldest first. */
export const financeSeriesQuery = (until: string, months: number) =>
  operationQuery(financeApi.series, { query: { until, months } });

import type { financeApi } from '@contracts/finance/api';
import { entityKey } from '../../lib/query-keys';

/** The month's summary; a transaction, a 'finance-summary' or a goals change invalidates it. */
export const financeSummaryKey = entityKey<typeof financeApi.summary>('/finance/summary');

/** The previsto × recebido series; a transaction or a 'finance-summary' change invalidates it. */
export const financeSeriesKey = entityKey<typeof financeApi.series>('/finance/series');

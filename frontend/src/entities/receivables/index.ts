import { chargesApi } from '@contracts/charges/api';
import { getQuery, LIVE_READ_FRESH_MS } from '../../lib/contract-query';

/**
 * GET /api/charges/summary: 'A receber' (pending and overdue totals). On the dashboard and under
 * /charges: a 'charge' change or a charge mutation invalidates it with the list.
 */
export const receivablesQuery = () => ({ ...getQuery(chargesApi.receivables, {}), staleTime: LIVE_READ_FRESH_MS });

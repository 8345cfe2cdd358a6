import { chargesApi } from '@contracts/charges/api';
import { liveQuery } from '../../lib/contract-query';

/**
 * GET /api/charges/summary: 'A receber' (pending and overdue totals). On the dashboard and under
 * /charges: a 'charge' change or a charge mutation invalidates it with the list.
 */
export const receivablesQuery = () => liveQuery(chargesApi.receivables, {});

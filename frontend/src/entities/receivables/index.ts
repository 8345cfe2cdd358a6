import { chargesApi } from '@contracts/charges/api';
import { getQuery } from '../../lib/contract-query';

/**
 * An answer read in the last minute is shown without asking again (the one the first screen asked
 * for with the session, app/first-screen.ts): a 'charge' change refetches it.
 */
const RECEIVABLES_FRESH_MS = 60_000;

/**
 * GET /api/charges/summary: 'A receber' (pending and overdue totals). On the dashboard and under
 * /charges: a 'charge' change or a charge mutation invalidates it with the list.
 */
export const receivablesQuery = () => ({
  ...getQuery(chargesApi.receivables, {}),
  staleTime: RECEIVABLES_FRESH_MS,
});

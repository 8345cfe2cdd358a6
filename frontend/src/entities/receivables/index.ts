import type { chargesApi } from '@contracts/charges/api';
import { deferredQuery } from '../../lib/contract-query';

type ReceivablesRead = typeof chargesApi.receivables;

/**
 * GET /api/charges/summary: 'A receber' (pending and overdue totals). On the dashboard, the shell's
 * first screen, so a read by path, without its contract's schemas; under /charges, a 'charge' change or a
 * charge mutation invalidates it with the list.
 */
export const receivablesQuery = () => deferredQuery<ReceivablesRead>('/charges/summary', {});

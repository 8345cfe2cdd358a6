import type { ChargeListStatus } from '@contracts/charges/api';
import { chargesApi } from '@contracts/charges/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/charges?status=&studentId=: the charges of a status or of a student, most recent first. */
export const chargesQuery = (query: { status?: ChargeListStatus; studentId?: string }) =>
  getQuery(chargesApi.list, { query });

/** GET /api/charges/:id: the charge as it stands (paid by the PSP while the dialog is open too). */
export const chargeQuery = (id: string) => getQuery(chargesApi.get, { params: { id } });

/** Every read under /charges (a charge too); a 'charge' change or a charge mutation invalidates it. */
export const chargesKey = keyOf(chargesApi.list);

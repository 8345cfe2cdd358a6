import type { ChargeListStatus } from '@contracts/charges/api';
import type { chargesApi } from '@contracts/charges/api';
import { getQuery } from '../../lib/contract-query';
export { chargesKey } from './keys';

/** GET /api/charges?status=&studentId=: the charges of a status or of a student, most recent first. */
export const chargesQuery = (query: { status?: ChargeListStatus; studentId?: string }) =>
  getQuery<typeof chargesApi.list>('/charges', { query });

/** GET /api/charges/:id: the charge as it stands (paid by the PSP while the dialog is open too). */
export const chargeQuery = (id: string) => getQuery<typeof chargesApi.get>('/charges/{id}', { params: { id } });

import type { studentContractsApi } from '@contracts/agreements/api';
import type { studentAreaApi } from '@contracts/student-area/api';
import { deferredKey } from '../../lib/query-keys';

/**
 * The student's own reads (role aluno), one key per resource: their area, credit history, the
 * locations and open slots they book from, and the contracts they sign.
 */
export const studentMeKey = deferredKey<typeof studentAreaApi.me>('/student/me');
export const studentHistoryKey = deferredKey<typeof studentAreaApi.history>('/student/history');
export const studentLocationsKey =
  deferredKey<typeof studentAreaApi.locations>('/student/locations');
export const studentSlotsKey = deferredKey<typeof studentAreaApi.slots>('/student/slots');
export const studentContractsKey =
  deferredKey<typeof studentContractsApi.list>('/student/contracts');
export const studentConsentsKey =
  deferredKey<typeof studentContractsApi.consents>('/student/consents');

import type { studentContractsApi } from '@contracts/agreements/api';
import type { studentAreaApi } from '@contracts/student-area/api';
import { entityKey } from '../../lib/query-keys';

/**
 * The student's own reads (role aluno), one key per resource: their area, credit history, the
 * locations and open slots they book from, and the contracts they sign.
 */
export const studentMeKey = entityKey<typeof studentAreaApi.me>('/student/me');
export const studentHistoryKey = entityKey<typeof studentAreaApi.history>('/student/history');
export const studentLocationsKey =
  entityKey<typeof studentAreaApi.locations>('/student/locations');
export const studentSlotsKey = entityKey<typeof studentAreaApi.slots>('/student/slots');
export const studentContractsKey =
  entityKey<typeof studentContractsApi.list>('/student/contracts');
export const studentConsentsKey =
  entityKey<typeof studentContractsApi.consents>('/student/consents');

import type { studentContractsApi } from '@contracts/agreements/api';
import type { studentAreaApi } from '@contracts/student-area/api';
import { getQuery } from '../../lib/contract-query';
export {
  studentMeKey,
  studentHistoryKey,
  studentLocationsKey,
  studentSlotsKey,
  studentContractsKey,
  studentConsentsKey,
} from './keys';

/** GET /api/student/me: the student's name, balance, next sessions, pending contracts and trainer. */
export const studentAreaQuery = () => getQuery<typeof studentAreaApi.me>('/student/me', {});

/** GET /api/student/history: the student's own credit history (the trainer's shape). */
export const ownHistoryQuery = () => getQuery<typeof studentAreaApi.history>('/student/history', {});

/** GET /api/student/locations: where the student can book, each with its cancellation policy. */
export const studentLocationsQuery = () => getQuery<typeof studentAreaApi.locations>('/student/locations', {});

/** GET /api/student/slots?locationId=: the open slots of the next days (the shared slot engine). */
export const studentSlotsQuery = (locationId: string) =>
  getQuery<typeof studentAreaApi.slots>('/student/slots', { query: { locationId } });

/** GET /api/student/contracts: the trainer's active contracts, to sign or signed. */
export const ownContractsQuery = () => getQuery<typeof studentContractsApi.list>('/student/contracts', {});

/** GET /api/student/consents: every contract the student signed, with its version and time (LGPD). */
export const ownConsentsQuery = () => getQuery<typeof studentContractsApi.consents>('/student/consents', {});

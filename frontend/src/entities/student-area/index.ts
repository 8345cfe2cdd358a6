import { studentContractsApi } from '@contracts/agreements/api';
import { studentAreaApi } from '@contracts/student-area/api';
import { operationQuery } from '../../lib/contract-query';
export {
  studentMeKey,
  studentHistoryKey,
  studentLocationsKey,
  studentSlotsKey,
  studentContractsKey,
  studentConsentsKey,
} from './keys';

/** GET /api/student/me: the student's name, balance, next sessions, pending contracts and trainer. */
export const studentAreaQuery = () => operationQuery(studentAreaApi.me, {});

/** GET /api/student/history: the student's own credit history (the trainer's shape). */
export const ownHistoryQuery = () => operationQuery(studentAreaApi.history, {});

/** GET /api/student/locations: where the student can book, each with its cancellation policy. */
export const studentLocationsQuery = () => operationQuery(studentAreaApi.locations, {});

/** GET /api/student/slots?locationId=: the open slots of the next days (the shared slot engine). */
export const studentSlotsQuery = (locationId: string) =>
  operationQuery(studentAreaApi.slots, { query: { locationId } });

/** GET /api/student/contracts: the trainer's active contracts, to sign or signed. */
export const ownContractsQuery = () => operationQuery(studentContractsApi.list, {});

/** GET /api/student/consents: every contract the student signed, with its version and time (LGPD). */
export const ownConsentsQuery = () => operationQuery(studentContractsApi.consents, {});

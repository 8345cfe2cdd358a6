import { studentContractsApi } from '@contracts/agreements/api';
import { studentAreaApi } from '@contracts/student-area/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/student/me: the student's name, balance, next sessions, pending contracts and trainer. */
export const studentAreaQuery = () => getQuery(studentAreaApi.me, {});

/** GET /api/student/history: the student's own credit history (the trainer's shape). */
export const ownHistoryQuery = () => getQuery(studentAreaApi.history, {});

/** GET /api/student/locations: where the student can book, each with its cancellation policy. */
export const studentLocationsQuery = () => getQuery(studentAreaApi.locations, {});

/** GET /api/student/slots?locationId=: the open slots of the next days (the shared slot engine). */
export const studentSlotsQuery = (locationId: string) =>
  getQuery(studentAreaApi.slots, { query: { locationId } });

/** GET /api/student/contracts: the trainer's active contracts, to sign or signed. */
export const ownContractsQuery = () => getQuery(studentContractsApi.list, {});

/** GET /api/student/consents: every contract the student signed, with its version and time (LGPD). */
export const ownConsentsQuery = () => getQuery(studentContractsApi.consents, {});

/**
 * The student's own reads (role aluno), one key per resource: their area, credit history, the
 * locations and open slots they book from, and the contracts they sign.
 */
export const studentMeKey = keyOf(studentAreaApi.me);
export const studentHistoryKey = keyOf(studentAreaApi.history);
export const studentLocationsKey = keyOf(studentAreaApi.locations);
export const studentSlotsKey = keyOf(studentAreaApi.slots);
export const studentContractsKey = keyOf(studentContractsApi.list);
export const studentConsentsKey = keyOf(studentContractsApi.consents);

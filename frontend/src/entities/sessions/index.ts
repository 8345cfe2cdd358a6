import type { sessionsApi } from '@contracts/scheduling/api';
import { getQuery } from '../../lib/contract-query';
export { sessionsKey, studentSessionsKey } from './keys';

/**
 * A range read in the last minute is shown without asking again when the calendar comes back to it:
 * every change to a session reaches the open app as a realtime 'session' change, which refetches.
 */
const SESSIONS_FRESH_MS = 60_000;

/** GET /api/sessions?from=&to=: the sessions that start in [from, to) (instants), by start, with names. */
export const sessionsQuery = (range: { from: string; to: string }) => ({
  ...getQuery<typeof sessionsApi.list>('/sessions', { query: { from: range.from, to: range.to } }),
  staleTime: SESSIONS_FRESH_MS,
});

/** GET /api/students/:id/sessions: the student's sessions from now on and before (latest first). */
export const studentSessionsQuery = (studentId: string) =>
  getQuery<typeof sessionsApi.ofStudent>('/students/{id}/sessions', { params: { id: studentId } });

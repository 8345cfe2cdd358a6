import { sessionsApi } from '@contracts/scheduling/api';
import { DEFAULT_TIME_ZONE, weekRange } from '@contracts/shared/time';
import { getQuery, keyOf, liveQuery } from '../../lib/contract-query';

/** GET /api/sessions?from=&to=: the sessions that start in [from, to) (instants), by start, with names. */
export const sessionsQuery = (range: { from: string; to: string }) =>
  liveQuery(sessionsApi.list, { query: { from: range.from, to: range.to } });

/**
 * The sessions of the week (Sunday to Saturday, São Paulo) of `date` ('YYYY-MM-DD'): the range the
 * agenda's Dia and Semana read and the app keeps for offline, so whoever asks for it shares one
 * answer.
 */
export const weekSessionsQuery = (date: string) => {
  const { from, to } = weekRange(date, DEFAULT_TIME_ZONE);
  return sessionsQuery({ from: from.toISOString(), to: to.toISOString() });
};

/** GET /api/students/:id/sessions: the student's sessions from now on and before (latest first). */
export const studentSessionsQuery = (studentId: string) =>
  getQuery(sessionsApi.ofStudent, { params: { id: studentId } });

/** Every read under /sessions; a 'session', 'schedule' or 'directory' change, or a session mutation, invalidates it. */
export const sessionsKey = keyOf(sessionsApi.list);

/** Every read of a student's sessions; a 'session' change (or a student's) invalidates it. */
export const studentSessionsKey = keyOf(sessionsApi.ofStudent);

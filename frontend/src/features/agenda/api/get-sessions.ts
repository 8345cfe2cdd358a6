import type { Session } from '@contracts/scheduling';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { agendaKeys } from './agenda-keys';

/** GET /api/sessions?from=&to=: the sessions that start in [from, to) (instants), by start, with names. */
export async function fetchSessions(from: string, to: string, signal?: AbortSignal): Promise<Session[]> {
  return (await api.get<{ items: Session[] }>('/sessions', { query: { from, to }, signal })).items;
}

/**
 * A range read in the last minute is shown without asking again when the calendar comes back to it:
 * every change to a session reaches the open app as a realtime 'session' change, which refetches.
 */
const SESSIONS_FRESH_MS = 60_000;

export const sessionsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: agendaKeys.range(from, to),
    queryFn: ({ signal }) => fetchSessions(from, to, signal),
    retry: retryUnlessClientError,
    staleTime: SESSIONS_FRESH_MS,
  });

/** The sessions of the visible range; moving to the next week keeps showing the last one until it loads. */
export function useSessions(range: { from: string; to: string }) {
  return useQuery({ ...sessionsQueryOptions(range.from, range.to), placeholderData: keepPreviousData });
}

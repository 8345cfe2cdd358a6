import { hashKey, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { addDays } from '@contracts/shared/time';
import { todayInAgendaZone } from '../../features/agenda/lib/calendar';
import { dashboardQuery } from '../../entities/dashboard';
import { weekSessionsQuery } from '../../entities/sessions';
import { studentsQuery } from '../../entities/students';
import { meQuery } from '../../entities/me';
import { LIVE_READ_FRESH_MS } from '../../lib/contract-query';

// Only the queries' own options matter here; their data types do not.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type KeptQuery = FetchQueryOptions<any, any, any, any>;

/**
 * What a trainer reads from the gym floor when the signal drops: this week's and next week's
 * agenda (the unit the Dia and Semana views read), the students and the dashboard.
 */
function keptForOffline(): KeptQuery[] {
  const today = todayInAgendaZone();
  return [
    ...[today, addDays(today, 7)].map((date) => weekSessionsQuery(date)),
    studentsQuery(),
    dashboardQuery(),
  ];
}

let stopKeepingCurrent: (() => void) | undefined;

/**
 * Fetched once the session is up, without waiting for those pages to be opened, and kept on the
 * device with the rest of the cache (persisted-cache.ts). Answers fresher than a minute are not
 * asked again; a change pushed afterwards fetches them again (refetchWhenInvalidated).
 */
export async function prefetchForOffline(queryClient: QueryClient): Promise<void> {
  stopKeepingCurrent?.();
  stopKeepingCurrent = undefined;
  const me = await queryClient.fetchQuery(meQuery());
  if (me.role !== 'personal') return;
  stopKeepingCurrent = refetchWhenInvalidated(queryClient, keptForOffline);
  await Promise.allSettled(keptForOffline().map((query) => queryClient.prefetchQuery({ ...query, staleTime: LIVE_READ_FRESH_MS })));
}

/**
 * A realtime change (or the socket's reconnection) only marks the queries no screen shows as stale:
 * TanStack refetches active ones. The ones kept for reading offline are fetched again at once, so what
 * the trainer reads without signal is the latest sync, not the first one. Answers the unsubscribe.
 */
export function refetchWhenInvalidated(queryClient: QueryClient, kept: () => KeptQuery[]): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
    if (event.query.getObserversCount() > 0) return; // refetched by invalidateQueries itself
    const query = kept().find((candidate) => hashKey(candidate.queryKey) === event.query.queryHash);
    if (query) void queryClient.prefetchQuery(query);
  });
}

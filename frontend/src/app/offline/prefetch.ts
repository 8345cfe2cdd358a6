import type { QueryClient } from '@tanstack/react-query';
import { addDays } from '@contracts/time';
import { sessionsQueryOptions } from '../../features/agenda/api/get-sessions';
import { todayInAgendaZone, visibleRange } from '../../features/agenda/lib/calendar';
import { dashboardQueryOptions } from '../../features/dashboard/api/get-dashboard';
import { studentsQueryOptions } from '../../features/students/api/get-students';
import { meQueryOptions } from '../../lib/me';

/**
 * What a trainer reads from the gym floor when the signal drops: this week's and next week's
 * agenda (the unit the Dia and Semana views read), the students and the dashboard. Fetched once the
 * session is up, without waiting for those pages to be opened, and kept on the device with the rest
 * of the cache (persisted-cache.ts). Answers fresher than a minute are not asked again.
 */
export async function prefetchForOffline(queryClient: QueryClient): Promise<void> {
  const me = await queryClient.fetchQuery(meQueryOptions());
  if (me.role !== 'personal') return;
  const today = todayInAgendaZone();
  const weeks = [today, addDays(today, 7)].map((date) => visibleRange('semana', date));
  const fresh = { staleTime: 60_000 };
  await Promise.allSettled([
    ...weeks.map((week) => queryClient.prefetchQuery({ ...sessionsQueryOptions(week.from, week.to), ...fresh })),
    queryClient.prefetchQuery({ ...studentsQueryOptions(), ...fresh }),
    queryClient.prefetchQuery({ ...dashboardQueryOptions(), ...fresh }),
  ]);
}

import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '@contracts/shared/time';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { dashboardQuery } from '../entities/dashboard';
import { receivablesQuery } from '../entities/receivables';
import { tomorrowRemindersQuery } from '../entities/reminders';
import { weekSessionsQuery } from '../entities/sessions';
import { accessTokenRole, useSession } from '../lib/session-store';

/**
 * What '/' reads (app/home-page.tsx): the dashboard and 'A receber', then the reminders'
 * 'Lembretes de amanhã' with the agenda's week of tomorrow, where their states come from.
 */
function readHome(queryClient: QueryClient, now = new Date()): void {
  void queryClient.prefetchQuery(dashboardQuery());
  void queryClient.prefetchQuery(receivablesQuery());
  void queryClient.prefetchQuery(tomorrowRemindersQuery());
  // Asked last: the first date cut in a time zone wakes the browser's ICU (62 ms on this machine's
  // Chromium, ~4x that on the phone the bench plays), and the reads above are on their way meanwhile.
  const tomorrow = addDays(zonedParts(now, DEFAULT_TIME_ZONE).date, 1);
  void queryClient.prefetchQuery(weekSessionsQuery(tomorrow));
}

/**
 * A trainer's page load on '/' asks for the home's reads the moment the session is up, beside the
 * shell and the page loading, instead of once they have rendered: on a phone 4x slower that was
 * 400-500 ms later, each card's read waiting for the one before it to render. The page finds them
 * answered (or on their way) and asks nothing again. Answers the unsubscribe.
 */
export function readHomeAhead(
  queryClient: QueryClient,
  currentPath: () => string,
  session: typeof useSession = useSession,
): () => void {
  return session.subscribe((state, previous) => {
    if (state.status !== 'signed-in' || previous.status === 'signed-in') return;
    if (currentPath() !== paths.dashboard) return;
    if (!state.accessToken || accessTokenRole(state.accessToken) !== 'personal') return;
    readHome(queryClient);
  });
}

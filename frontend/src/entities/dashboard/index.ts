import { dashboardApi } from '@contracts/scheduling/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/**
 * An answer read in the last minute is shown without asking again (the one the first screen asked
 * for with the session, app/first-screen.ts): a change of what it counts reaches the open app as
 * a realtime change, which refetches it.
 */
const DASHBOARD_FRESH_MS = 60_000;

/**
 * GET /api/dashboard: today's and this week's scheduled sessions, students, locations, the next 3
 * sessions. The shell's first screen.
 */
export const dashboardQuery = () => ({ ...getQuery(dashboardApi.get, {}), staleTime: DASHBOARD_FRESH_MS });

/** Every read of the dashboard; a session or directory change invalidates it. */
export const dashboardKey = keyOf(dashboardApi.get);

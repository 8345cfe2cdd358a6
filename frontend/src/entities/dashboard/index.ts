import { dashboardApi } from '@contracts/scheduling/api';
import { getQuery, keyOf, LIVE_READ_FRESH_MS } from '../../lib/contract-query';

/**
 * GET /api/dashboard: today's and this week's scheduled sessions, students, locations, the next 3
 * sessions. The shell's first screen.
 */
export const dashboardQuery = () => ({ ...getQuery(dashboardApi.get, {}), staleTime: LIVE_READ_FRESH_MS });

/** Every read of the dashboard; a session or directory change invalidates it. */
export const dashboardKey = keyOf(dashboardApi.get);

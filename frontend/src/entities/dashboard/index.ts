import { dashboardApi } from '@contracts/scheduling/api';
import { keyOf, liveQuery } from '../../lib/contract-query';

/**
 * GET /api/dashboard: today's and this week's scheduled sessions, students, locations, the next 3
 * sessions. The shell's first screen.
 */
export const dashboardQuery = () => liveQuery(dashboardApi.get, {});

/** Every read of the dashboard; a session or directory change invalidates it. */
export const dashboardKey = keyOf(dashboardApi.get);

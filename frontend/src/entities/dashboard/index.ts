import type { dashboardApi } from '@contracts/scheduling/api';
import { deferredQuery } from '../../lib/contract-query';
export { dashboardKey } from './keys';

type DashboardRead = typeof dashboardApi.get;

/**
 * GET /api/dashboard: today's and this week's scheduled sessions, students, locations, the next 3
 * sessions. The shell's first screen, so its contract loads with the request.
 */
export const dashboardQuery = () =>
  deferredQuery<DashboardRead>(
    '/dashboard',
    () => import('@contracts/scheduling/api').then((contract) => contract.dashboardApi.get),
    {},
  );

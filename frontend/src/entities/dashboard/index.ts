import type { dashboardApi } from '@contracts/scheduling/api';
import { deferredQuery } from '../../lib/contract-query';
export { dashboardKey } from './keys';

type DashboardRead = typeof dashboardApi.get;

/**
 * GET /api/dashboard: today's and this week's scheduled sessions, students, locations, the next 3
 * sessions. The shell's first screen: a read by path, without its contract's schemas.
 */
export const dashboardQuery = () => deferredQuery<DashboardRead>('/dashboard', {});

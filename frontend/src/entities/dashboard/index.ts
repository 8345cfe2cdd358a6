import type { dashboardApi } from '@contracts/scheduling/api';
import { getQuery } from '../../lib/contract-query';
export { dashboardKey } from './keys';

/**
 * GET /api/dashboard: today's and this week's scheduled sessions, students, locations, the next 3
 * sessions. The shell's first screen.
 */
export const dashboardQuery = () => getQuery<typeof dashboardApi.get>('/dashboard', {});

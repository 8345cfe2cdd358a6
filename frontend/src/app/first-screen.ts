import type { Role } from '@contracts/identity/api';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { dashboardQuery } from '../entities/dashboard';
import { receivablesQuery } from '../entities/receivables';

/**
 * The reads of the screen a page load opens on, asked for as soon as the session is up, beside the
 * shell's first render instead of after it: on a slow phone that render took longer than the reads
 * (the dashboard was asked for 2 s after the session, and 'A receber' only once the dashboard's
 * answer had rendered). The page finds them in the cache (each fresh for a minute) and shows them.
 */
export function startFirstScreenReads(queryClient: QueryClient, pathname: string, role: Role | null): void {
  if (role !== 'personal' || pathname !== paths.dashboard) return;
  void queryClient.prefetchQuery(dashboardQuery());
  void queryClient.prefetchQuery(receivablesQuery());
}

import type { Dashboard } from '@contracts/scheduling';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/dashboard: today's and this week's scheduled sessions, students, locations, the next 3 sessions. */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/dashboard', { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => fetchDashboard(signal),
    retry: retryUnlessClientError,
  });

/** Refetched when a session, student or location changes anywhere in the tenant (realtime). */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

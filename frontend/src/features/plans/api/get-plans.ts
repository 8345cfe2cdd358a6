import type { Plan } from '@contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { planKeys } from './plan-keys';

/** GET /api/plans: the plans by name; `withArchived` includes the archived ones. */
export function fetchPlans(withArchived: boolean, signal?: AbortSignal): Promise<{ items: Plan[] }> {
  return api.get<{ items: Plan[] }>('/plans', { query: withArchived ? { arquivados: true } : {}, signal });
}

export const plansQueryOptions = (withArchived = false) =>
  queryOptions({
    queryKey: planKeys.list(withArchived),
    queryFn: ({ signal }) => fetchPlans(withArchived, signal),
    select: (answer) => answer.items,
    retry: retryUnlessClientError,
  });

export function usePlans({ withArchived = false }: { withArchived?: boolean } = {}) {
  return useQuery(plansQueryOptions(withArchived));
}

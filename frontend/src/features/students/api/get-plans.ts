import type { Plan } from '@contracts/plans';
import type { ListResponse } from '@contracts/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The plans the students pages need (features do not import each other: this is the plans
 * feature's own list query, under the same key, so the realtime 'plan' change refetches it too).
 * Without archived plans for what can be chosen; with them to name a student's current plan.
 */
export const plansListKey = (withArchived: boolean) => ['plans', 'list', { withArchived }] as const;

export async function fetchPlans(withArchived: boolean, signal?: AbortSignal): Promise<Plan[]> {
  const answer = await api.get<ListResponse<Plan>>('/plans', {
    signal,
    query: withArchived ? { arquivados: true } : undefined,
  });
  return answer.items;
}

export function usePlans({ withArchived = false }: { withArchived?: boolean } = {}) {
  return useQuery({
    queryKey: plansListKey(withArchived),
    queryFn: ({ signal }) => fetchPlans(withArchived, signal),
  });
}

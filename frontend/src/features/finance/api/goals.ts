import type { Goals, GoalsInput } from '@contracts/finance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { financeKeys } from './finance-keys';

/** GET /api/settings/goals */
export function fetchGoals(signal?: AbortSignal) {
  return api.get<Goals>('/settings/goals', { signal });
}

export function useGoals() {
  return useQuery({ queryKey: financeKeys.goals(), queryFn: ({ signal }) => fetchGoals(signal), retry: retryUnlessClientError });
}

/** PUT /api/settings/goals: the whole settings at once. */
export function saveGoals(input: GoalsInput) {
  return api.put<{ id: string; position: number }>('/settings/goals', input);
}

export function useSaveGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoals,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

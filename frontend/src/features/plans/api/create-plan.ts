import type { CreatePlanInput } from '@contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planKeys } from './plan-keys';

/** POST /api/plans; the form checks the body with contracts' createPlanSchema first. */
export function createPlan(input: CreatePlanInput) {
  return api.post<{ id: string; position: number }>('/plans', input);
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

import type { UpdatePlanInput } from '@contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planKeys } from './plan-keys';

/** PATCH /api/plans/:id: the fields sent change; `arquivado` archives or restores the plan. */
export function updatePlan(id: string, changes: UpdatePlanInput) {
  return api.patch<{ position: number }>(`/plans/${encodeURIComponent(id)}`, changes);
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePlanInput }) => updatePlan(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planKeys } from './plan-keys';

/** DELETE /api/plans/:id; 409 `has_links` while a student has the plan (archive it instead). */
export function removePlan(id: string) {
  return api.delete<{ position: number }>(`/plans/${encodeURIComponent(id)}`);
}

export function useRemovePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

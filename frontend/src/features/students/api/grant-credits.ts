import type { GrantCreditsInput } from '@contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentKeys } from './student-keys';

/** POST /api/students/:id/credits { amount, reason } */
export function grantCredits({ id, ...input }: GrantCreditsInput & { id: string }) {
  return api.post<{ id: string; position: number }>(`/students/${encodeURIComponent(id)}/credits`, input);
}

export function useGrantCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantCredits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}

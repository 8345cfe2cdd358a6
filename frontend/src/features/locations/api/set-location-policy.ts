import type { CancellationPolicy } from '@contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

/** PUT /api/locations/:id/policy; the form checks it with contracts' cancellationPolicySchema first. */
export function setLocationPolicy(id: string, policy: CancellationPolicy) {
  return api.put<{ position: number }>(`/locations/${encodeURIComponent(id)}/policy`, policy);
}

export function useSetLocationPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, policy }: { id: string; policy: CancellationPolicy }) => setLocationPolicy(id, policy),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

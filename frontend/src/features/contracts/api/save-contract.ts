import type { CreateContractInput, UpdateContractInput } from '@contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contractKeys } from './contract-keys';

/** POST /api/contracts; the form checks the body with contracts' createContractSchema first. */
export function createContract(input: CreateContractInput) {
  return api.post<{ id: string; position: number }>('/contracts', input);
}

/** PATCH /api/contracts/:id: new text (a new version once signed) or { isActive: false }. */
export function updateContract({ id, changes }: { id: string; changes: UpdateContractInput }) {
  return api.patch<{ id: string; position: number }>(`/contracts/${encodeURIComponent(id)}`, changes);
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}

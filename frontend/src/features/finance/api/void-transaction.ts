import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** POST /api/transactions/:id/void: kept in the history, out of every total. */
export function voidTransaction(id: string) {
  return api.post<{ id: string; position: number }>(`/transactions/${encodeURIComponent(id)}/void`);
}

export function useVoidTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

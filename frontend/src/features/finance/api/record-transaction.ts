import type { RecordTransactionInput } from '@contracts/finance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** POST /api/transactions; the dialog checks the body with contracts' recordTransactionSchema first. */
export function recordTransaction(input: RecordTransactionInput) {
  return api.post<{ id: string; position: number }>('/transactions', input);
}

export function useRecordTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

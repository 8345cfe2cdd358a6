import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { saveFile } from '../../../lib/save-file';
import { financeKeys } from './finance-keys';

/** GET /api/transactions/:id/receipt.pdf, handed to the browser's save. */
export async function downloadReceipt(transactionId: string): Promise<void> {
  const { blob, filename } = await api.download(`/transactions/${encodeURIComponent(transactionId)}/receipt.pdf`);
  saveFile(blob, filename ?? 'recibo.pdf');
}

/** GET /api/settings/receipts: whether the onboarding said the trainer issues receipts (emite_recibo). */
export function useReceiptSettings() {
  return useQuery({
    queryKey: [...financeKeys.all, 'receipt-settings'] as const,
    queryFn: ({ signal }) => api.get<{ emiteRecibo: boolean }>('/settings/receipts', { signal }),
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /api/transactions.csv?month= through the API client (it needs the Bearer token), saved as a file. */
export async function downloadTransactionsCsv(month: string): Promise<void> {
  const { blob, filename } = await api.download('/transactions.csv', { query: { month } });
  saveFile(blob, filename ?? `transacoes-${month}.csv`);
}

export function useDownloadTransactionsCsv() {
  return useMutation({ mutationFn: downloadTransactionsCsv });
}

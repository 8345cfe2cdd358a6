import { fetchReceipt, fetchTransactionsCsv } from '../../../entities/transactions';
import { saveFile } from '../../../lib/save-file';

/** The receipt of a receita, handed to the browser's save. */
export async function downloadReceipt(transactionId: string): Promise<void> {
  const { blob, filename } = await fetchReceipt(transactionId);
  saveFile(blob, filename ?? 'recibo.pdf');
}

/** The month's transactions as CSV, handed to the browser's save. */
export async function downloadTransactionsCsv(month: string): Promise<void> {
  const { blob, filename } = await fetchTransactionsCsv(month);
  saveFile(blob, filename ?? `transacoes-${month}.csv`);
}

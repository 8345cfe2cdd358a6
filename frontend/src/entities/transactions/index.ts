import { financeApi } from '@contracts/finance/api';
import { api } from '../../lib/api-client';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/transactions?month=YYYY-MM: newest first, voided ones with status 'estornada'. */
export const transactionsQuery = (month: string) =>
  getQuery(financeApi.transactions, { query: { month } });

/** GET /api/transactions/:id with its allocations. */
export const transactionQuery = (id: string) =>
  getQuery(financeApi.transaction, { params: { id } });

/** GET /api/transactions/:id/receipt.pdf: the receipt of a receita, as a file (it needs the Bearer token). */
export const fetchReceipt = (id: string) => api.fetchFile(financeApi.receipt, { params: { id } });

/** GET /api/transactions.csv?month=: the month's transactions as CSV. */
export const fetchTransactionsCsv = (month: string) =>
  api.fetchFile(financeApi.transactionsCsv, { query: { month } });

/** Every read under /transactions (a transaction's details too); a 'transaction' change or a transaction mutation invalidates it. */
export const transactionsKey = keyOf(financeApi.transactions);

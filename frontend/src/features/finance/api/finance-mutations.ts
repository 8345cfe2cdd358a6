import { financeApi } from '@contracts/finance/api';
import { financeSeriesKey, financeSummaryKey } from '../../../entities/finance-summary';
import { goalsKey } from '../../../entities/goals';
import { transactionsKey } from '../../../entities/transactions';
import { useOperation } from '../../../lib/contract-query';

/** What a transaction moves: its month's list and details, the summary and the chart. */
export const TRANSACTION_READS = [transactionsKey, financeSummaryKey, financeSeriesKey] as const;

/** POST /api/transactions; the dialog checks the body with contracts' recordTransactionSchema first. */
export const useRecordTransaction = () => useOperation(financeApi.record, { invalidates: TRANSACTION_READS });

/** POST /api/transactions/:id/void: kept in the history, out of every total. */
export const useVoidTransaction = () => useOperation(financeApi.void, { invalidates: TRANSACTION_READS });

/** PUT /api/settings/goals: the whole settings at once (the goal changes the summary's aderência). */
export const useSaveGoals = () => useOperation(financeApi.setGoals, { invalidates: [goalsKey, financeSummaryKey] });

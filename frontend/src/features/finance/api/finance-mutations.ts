import { financeApi } from '@contracts/finance/api';
import { useOperation } from '../../../entities/operation';

/** POST /api/transactions; the dialog checks the body with contracts' recordTransactionSchema first. */
export const useRecordTransaction = () => useOperation(financeApi.record);

/** POST /api/transactions/:id/void: kept in the history, out of every total. */
export const useVoidTransaction = () => useOperation(financeApi.void);

/** PUT /api/settings/goals: the whole settings at once (the goal changes the summary's aderência). */
export const useSaveGoals = () => useOperation(financeApi.setGoals);

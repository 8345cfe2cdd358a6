import { chargesApi } from '@contracts/charges/api';
import { chargesKey } from '../../../entities/charges';
import { financeSeriesKey, financeSummaryKey } from '../../../entities/finance-summary';
import { pixSettingsKey } from '../../../entities/pix-settings';
import { studentsKey } from '../../../entities/students';
import { transactionsKey } from '../../../entities/transactions';
import { useOperation } from '../../../lib/contract-query';

/** POST /api/charges: a pendente charge of the plan with its BR Code. */
export const useCreateCharge = () => useOperation(chargesApi.create, { invalidates: [chargesKey] });

/**
 * POST /api/charges/:id/confirm ('Marcar como pago'): the receita and the plan's credits, once;
 * the charge, the balance and the finances refetch (the realtime changes say so too).
 */
export const useConfirmCharge = () =>
  useOperation(chargesApi.confirm, {
    invalidates: [chargesKey, studentsKey, transactionsKey, financeSummaryKey, financeSeriesKey],
  });

/** POST /api/charges/:id/cancel */
export const useCancelCharge = () => useOperation(chargesApi.cancel, { invalidates: [chargesKey] });

/** POST /api/settings/pix/test ('Testar conexão'): nothing is saved. */
export const useTestPixConnection = () => useOperation(chargesApi.testPixConnection, { invalidates: [] });

/** PUT /api/settings/pix */
export const useSavePixSettings = () => useOperation(chargesApi.setPixSettings, { invalidates: [pixSettingsKey] });

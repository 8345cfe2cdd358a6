import { financeApi } from '@contracts/finance/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Whether the trainer issues receipts; the onboarding (its 'emite_recibo' answer) changes it. */
export const receiptSettingsKey = pathKey(financeApi.receiptSettings);

/** GET /api/settings/receipts: the onboarding's emite_recibo, read for a few minutes from the cache. */
export const receiptSettingsQuery = () => ({
  ...operationQuery(financeApi.receiptSettings, {}),
  staleTime: 5 * 60_000,
});

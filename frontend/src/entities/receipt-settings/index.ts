import { financeApi } from '@contracts/finance/api';
import { operationQuery } from '../../lib/contract-query';
export { receiptSettingsKey } from './keys';

/** GET /api/settings/receipts: the onboarding's emite_recibo, read for a few minutes from the cache. */
export const receiptSettingsQuery = () => ({
  ...operationQuery(financeApi.receiptSettings, {}),
  staleTime: 5 * 60_000,
});

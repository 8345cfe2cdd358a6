import { financeApi } from '@contracts/finance/api';
import { getQuery } from '../../lib/contract-query';

/** GET /api/settings/receipts: the onboarding's emite_recibo, read for a few minutes from the cache. */
export const receiptSettingsQuery = () => ({
  ...getQuery(financeApi.receiptSettings, {}),
  staleTime: 5 * 60_000,
});

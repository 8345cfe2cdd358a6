import type { financeApi } from '@contracts/finance/api';
import { getQuery } from '../../lib/contract-query';
export { receiptSettingsKey } from './keys';

/** GET /api/settings/receipts: the onboarding's emite_recibo, read for a few minutes from the cache. */
export const receiptSettingsQuery = () => ({
  ...getQuery<typeof financeApi.receiptSettings>('/settings/receipts', {}),
  staleTime: 5 * 60_000,
});

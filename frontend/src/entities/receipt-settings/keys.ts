import type { financeApi } from '@contracts/finance/api';
import { entityKey } from '../../lib/query-keys';

/** Whether the trainer issues receipts; the onboarding (its 'emite_recibo' answer) changes it. */
export const receiptSettingsKey =
  entityKey<typeof financeApi.receiptSettings>('/settings/receipts');

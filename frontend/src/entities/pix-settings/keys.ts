import type { chargesApi } from '@contracts/charges/api';
import { deferredKey } from '../../lib/query-keys';

/** The PIX settings; saving them invalidates it. */
export const pixSettingsKey = deferredKey<typeof chargesApi.pixSettings>('/settings/pix');

import type { chargesApi } from '@contracts/charges/api';
import { entityKey } from '../../lib/query-keys';

/** The PIX settings; saving them invalidates it. */
export const pixSettingsKey = entityKey<typeof chargesApi.pixSettings>('/settings/pix');

import type { chargesApi } from '@contracts/charges/api';
import { getQuery } from '../../lib/contract-query';
export { pixSettingsKey } from './keys';

/** GET /api/settings/pix: `{ configurada: false }` until the first save. */
export const pixSettingsQuery = () => getQuery<typeof chargesApi.pixSettings>('/settings/pix', {});

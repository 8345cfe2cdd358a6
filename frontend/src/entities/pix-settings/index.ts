import { chargesApi } from '@contracts/charges/api';
import { getQuery } from '../../lib/contract-query';

/** GET /api/settings/pix: `{ configurada: false }` until the first save. */
export const pixSettingsQuery = () => getQuery(chargesApi.pixSettings, {});

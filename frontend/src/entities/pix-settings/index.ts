import { chargesApi } from '@contracts/charges/api';
import { operationQuery } from '../../lib/contract-query';
export { pixSettingsKey } from './keys';

/** GET /api/settings/pix: `{ configurada: false }` until the first save. */
export const pixSettingsQuery = () => operationQuery(chargesApi.pixSettings, {});

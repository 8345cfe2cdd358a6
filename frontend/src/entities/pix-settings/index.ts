import { chargesApi } from '@contracts/charges/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** The PIX settings; saving them invalidates it. */
export const pixSettingsKey = pathKey(chargesApi.pixSettings);

/** GET /api/settings/pix: `{ configurada: false }` until the first save. */
export const pixSettingsQuery = () => operationQuery(chargesApi.pixSettings, {});

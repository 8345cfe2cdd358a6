import { publicLinkApi } from '@contracts/booking/api';
import { operationQuery } from '../../lib/contract-query';
export { publicLinkKey } from './keys';

/** GET /api/settings/public-link (the defaults until the trainer saves their own). */
export const publicLinkSettingsQuery = () => operationQuery(publicLinkApi.settings, {});

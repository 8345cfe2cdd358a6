import { publicLinkApi } from '@contracts/booking/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** The public link's settings; saving them invalidates it. */
export const publicLinkKey = pathKey(publicLinkApi.settings);

/** GET /api/settings/public-link (the defaults until the trainer saves their own). */
export const publicLinkSettingsQuery = () => operationQuery(publicLinkApi.settings, {});

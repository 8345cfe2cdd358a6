import { publicLinkApi } from '@contracts/booking/api';
import { getQuery } from '../../lib/contract-query';

/** GET /api/settings/public-link (the defaults until the trainer saves their own). */
export const publicLinkSettingsQuery = () => getQuery(publicLinkApi.settings, {});

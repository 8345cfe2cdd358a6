import type { publicLinkApi } from '@contracts/booking/api';
import { getQuery } from '../../lib/contract-query';
export { publicLinkKey } from './keys';

/** GET /api/settings/public-link (the defaults until the trainer saves their own). */
export const publicLinkSettingsQuery = () => getQuery<typeof publicLinkApi.settings>('/settings/public-link', {});

import type { publicLinkApi } from '@contracts/booking/api';
import { entityKey } from '../../lib/query-keys';

/** The public link's settings; saving them invalidates it. */
export const publicLinkKey = entityKey<typeof publicLinkApi.settings>('/settings/public-link');

import type { publicLinkApi } from '@contracts/booking/api';
import { deferredKey } from '../../lib/query-keys';

/** The public link's settings; saving them invalidates it. */
export const publicLinkKey = deferredKey<typeof publicLinkApi.settings>('/settings/public-link');

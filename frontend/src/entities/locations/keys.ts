import type { locationsApi } from '@contracts/locations/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read under /locations (policies included); a 'location' change or a location mutation invalidates it. */
export const locationsKey = deferredKey<typeof locationsApi.list>('/locations');

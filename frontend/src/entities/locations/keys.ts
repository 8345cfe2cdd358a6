import type { locationsApi } from '@contracts/locations/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /locations (policies included); a 'location' change or a location mutation invalidates it. */
export const locationsKey = entityKey<typeof locationsApi.list>('/locations');

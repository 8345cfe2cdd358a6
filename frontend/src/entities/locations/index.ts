import { locationsApi } from '@contracts/locations/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/locations: the trainer's locations by name, each with its cancellation policy. */
export const locationsQuery = () => getQuery(locationsApi.list, {});

/** GET /api/locations/:id/policy (24 h, 0 %, no credit burned until one is set). */
export const locationPolicyQuery = (id: string) =>
  getQuery(locationsApi.policy, { params: { id } });

/** Every read under /locations (policies included); a 'location' change or a location mutation invalidates it. */
export const locationsKey = keyOf(locationsApi.list);

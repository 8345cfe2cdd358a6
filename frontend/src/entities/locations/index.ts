import { locationsApi } from '@contracts/locations/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Every read under /locations (policies included); a 'location' change or a location mutation invalidates it. */
export const locationsKey = pathKey(locationsApi.list);

/** GET /api/locations: the trainer's locations by name, each with its cancellation policy. */
export const locationsQuery = () => operationQuery(locationsApi.list, {});

/** GET /api/locations/:id/policy (24 h, 0 %, no credit burned until one is set). */
export const locationPolicyQuery = (id: string) => operationQuery(locationsApi.policy, { params: { id } });

import type { locationsApi } from '@contracts/locations/api';
import { getQuery } from '../../lib/contract-query';
export { locationsKey } from './keys';

/** GET /api/locations: the trainer's locations by name, each with its cancellation policy. */
export const locationsQuery = () => getQuery<typeof locationsApi.list>('/locations', {});

/** GET /api/locations/:id/policy (24 h, 0 %, no credit burned until one is set). */
export const locationPolicyQuery = (id: string) =>
  getQuery<typeof locationsApi.policy>('/locations/{id}/policy', { params: { id } });

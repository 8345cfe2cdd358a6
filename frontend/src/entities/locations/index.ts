import { locationsApi } from '@contracts/locations/api';
import { operationQuery } from '../../lib/contract-query';
export { locationsKey } from './keys';

/** GET /api/locations: the trainer's locations by name, each with its cancellation policy. */
export const locationsQuery = () => operationQuery(locationsApi.list, {});

/** GET /api/locations/:id/policy (24 h, 0 %, no credit burned until one is set). */
export const locationPolicyQuery = (id: string) =>
  operationQuery(locationsApi.policy, { params: { id } });

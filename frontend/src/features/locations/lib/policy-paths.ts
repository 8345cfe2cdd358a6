import { paths } from '../../../config/paths';

/** The query parameter of /ajustes/politicas/edit naming the location whose policy is edited. */
export const POLICY_LOCATION_PARAM = 'local';

export const editPolicyPath = (locationId: string): string =>
  `${paths.editPolicies}?${POLICY_LOCATION_PARAM}=${encodeURIComponent(locationId)}`;

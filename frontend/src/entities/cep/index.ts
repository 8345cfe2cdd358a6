import { locationsApi } from '@contracts/locations/api';
import { getQuery } from '../../lib/contract-query';

/**
 * GET /api/cep/:cep (8 digits): an address per CEP, apart from the tenant's locations (no change
 * makes it stale). An address found is kept for the session; a failure (404 cep_not_found, 503
 * cep_unavailable) is not retried.
 */
export const cepQuery = (cep: string) => ({
  ...getQuery(locationsApi.lookupCep, { params: { cep } }),
  staleTime: Infinity,
  retry: false,
});

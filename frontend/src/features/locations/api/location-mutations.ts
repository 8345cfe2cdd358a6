import { locationsApi } from '@contracts/locations/api';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { cepQuery } from '../../../entities/cep';
import { useOperation } from '../../../entities/operation';
import type { OperationError } from '../../../lib/api-error';

/** POST /api/locations with the address in parts (the API composes it). */
export const useCreateLocation = () => useOperation(locationsApi.create);

/** PATCH /api/locations/:id: the fields sent change; `ativo: false` inactivates the location. */
export const useUpdateLocation = () => useOperation(locationsApi.update);

/** DELETE /api/locations/:id; 409 `has_links` while sessions use it (inactivate it instead). */
export const useRemoveLocation = () => useOperation(locationsApi.remove);

/** PUT /api/locations/:id/policy; the form checks it with contracts' cancellationPolicySchema first. */
export const useSetLocationPolicy = () => useOperation(locationsApi.setPolicy);

const fetchCep = (queryClient: QueryClient, cep: string) => queryClient.fetchQuery(cepQuery(cep));

/**
 * Looks a CEP up when asked (on leaving the field), not while typing: a mutation over the CEP's
 * query, so leaving the field again with an address found asks nothing.
 */
export function useCepLookup() {
  const queryClient = useQueryClient();
  return useMutation<
    Awaited<ReturnType<typeof fetchCep>>,
    OperationError<typeof locationsApi.lookupCep>,
    string
  >({ mutationFn: (cep) => fetchCep(queryClient, cep) });
}

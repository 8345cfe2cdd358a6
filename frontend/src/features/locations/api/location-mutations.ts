import { locationsApi } from '@contracts/locations/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cepQuery } from '../../../entities/cep';
import { locationsKey } from '../../../entities/locations';
import { useOperation } from '../../../lib/contract-query';

/** POST /api/locations with the address in parts (the API composes it). */
export const useCreateLocation = () => useOperation(locationsApi.create, { invalidates: [locationsKey] });

/** PATCH /api/locations/:id: the fields sent change; `ativo: false` inactivates the location. */
export const useUpdateLocation = () => useOperation(locationsApi.update, { invalidates: [locationsKey] });

/** DELETE /api/locations/:id; 409 `has_links` while sessions use it (inactivate it instead). */
export const useRemoveLocation = () => useOperation(locationsApi.remove, { invalidates: [locationsKey] });

/** PUT /api/locations/:id/policy; the form checks it with contracts' cancellationPolicySchema first. */
export const useSetLocationPolicy = () => useOperation(locationsApi.setPolicy, { invalidates: [locationsKey] });

/**
 * Looks a CEP up when asked (on leaving the field), not while typing: a mutation over the CEP's
 * query, so leaving the field again with an address found asks nothing.
 */
export function useCepLookup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (cep: string) => queryClient.fetchQuery(cepQuery(cep)) });
}

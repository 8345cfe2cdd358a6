import { locationsApi } from '@contracts/locations/api';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { cepQuery } from '../../../entities/cep';
import type { OperationError } from '../../../lib/api-error';

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

import type { CepAddress } from '@contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cepKeys } from './location-keys';

/** GET /api/cep/:cep (8 digits); 404 cep_not_found, 503 cep_unavailable. */
export function lookupCep(cep: string, signal?: AbortSignal): Promise<CepAddress> {
  return api.get<CepAddress>(`/cep/${encodeURIComponent(cep)}`, { signal });
}

/**
 * Looks a CEP up when asked (on leaving the field), not while typing. An address found is kept for
 * the session, so leaving the field again asks nothing; a failure is not kept, and is tried again.
 */
export function useCepLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cep: string) =>
      queryClient.fetchQuery({
        queryKey: cepKeys.lookup(cep),
        queryFn: ({ signal }) => lookupCep(cep, signal),
        staleTime: Infinity,
        retry: false,
      }),
  });
}

import type { ContractSignature } from '@contracts/agreements';
import type { ListResponse } from '@contracts/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { contractKeys } from './contract-keys';

/** GET /api/contracts/:id/signatures: who signed which version and when, with the evidence. */
export function fetchSignatures(id: string, signal?: AbortSignal): Promise<ListResponse<ContractSignature>> {
  return api.get<ListResponse<ContractSignature>>(`/contracts/${encodeURIComponent(id)}/signatures`, { signal });
}

export function useSignatures(id: string | undefined) {
  return useQuery({
    queryKey: contractKeys.signatures(id ?? ''),
    queryFn: ({ signal }) => fetchSignatures(id ?? '', signal),
    select: (answer) => answer.items,
    enabled: Boolean(id),
    retry: retryUnlessClientError,
  });
}

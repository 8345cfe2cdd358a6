import type { Contract } from '@contracts/agreements';
import type { ListResponse } from '@contracts/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { contractKeys } from './contract-keys';

/** GET /api/contracts: the active contracts, newest first, with their signature counts. */
export function fetchContracts(signal?: AbortSignal): Promise<ListResponse<Contract>> {
  return api.get<ListResponse<Contract>>('/contracts', { signal });
}

export function useContracts() {
  return useQuery({
    queryKey: contractKeys.list(),
    queryFn: ({ signal }) => fetchContracts(signal),
    select: (answer) => answer.items,
    retry: retryUnlessClientError,
  });
}

import type { CancellationPolicy } from '@contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { locationKeys } from './location-keys';

/** GET /api/locations/:id/policy (24 h, 0 %, no credit burned until one is set). */
export function fetchLocationPolicy(id: string, signal?: AbortSignal): Promise<CancellationPolicy> {
  return api.get<CancellationPolicy>(`/locations/${encodeURIComponent(id)}/policy`, { signal });
}

export const locationPolicyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: locationKeys.policy(id),
    queryFn: ({ signal }) => fetchLocationPolicy(id, signal),
    retry: retryUnlessClientError,
  });

export function useLocationPolicy(id: string | undefined) {
  return useQuery({ ...locationPolicyQueryOptions(id ?? ''), enabled: !!id });
}

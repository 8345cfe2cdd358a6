import type { Location } from '@contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { locationKeys } from './location-keys';

/** GET /api/locations: the locations by name, each with its cancellation policy. */
export function fetchLocations(signal?: AbortSignal): Promise<{ items: Location[] }> {
  return api.get<{ items: Location[] }>('/locations', { signal });
}

export const locationsQueryOptions = () =>
  queryOptions({
    queryKey: locationKeys.list(),
    queryFn: ({ signal }) => fetchLocations(signal),
    select: (answer) => answer.items,
    retry: retryUnlessClientError,
  });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}

import type { Location } from '@contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { agendaKeys } from './agenda-keys';

/** GET /api/locations: where a session can be, each with its cancellation policy. */
export async function fetchLocations(signal?: AbortSignal): Promise<Location[]> {
  return (await api.get<{ items: Location[] }>('/locations', { signal })).items;
}

export function useAgendaLocations() {
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.locations(),
      queryFn: ({ signal }) => fetchLocations(signal),
      retry: retryUnlessClientError,
    }),
  );
}

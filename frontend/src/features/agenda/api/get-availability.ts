import type { AvailabilityRow } from '@contracts/scheduling';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { agendaKeys } from './agenda-keys';

/** GET /api/availability: the rows of 'Configurar Horários', in the order they were saved. */
export async function fetchAvailability(signal?: AbortSignal): Promise<AvailabilityRow[]> {
  return (await api.get<{ items: AvailabilityRow[] }>('/availability', { signal })).items;
}

export function useAvailability(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.availability(),
      queryFn: ({ signal }) => fetchAvailability(signal),
      retry: retryUnlessClientError,
      enabled,
    }),
  );
}

/** PUT /api/availability: every row replaced at once (a failed save keeps the previous ones). */
export function saveAvailability(items: AvailabilityRow[]) {
  return api.put<{ id: string; position: number }>('/availability', { items });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.availability() }),
  });
}

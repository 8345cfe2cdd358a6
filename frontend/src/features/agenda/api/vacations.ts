import type { Vacation, VacationInput } from '@contracts/scheduling';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { agendaKeys } from './agenda-keys';

/** GET /api/vacations: the active periods by start date. */
export async function fetchVacations(signal?: AbortSignal): Promise<Vacation[]> {
  return (await api.get<{ items: Vacation[] }>('/vacations', { signal })).items;
}

export function useVacations(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.vacations(),
      queryFn: ({ signal }) => fetchVacations(signal),
      retry: retryUnlessClientError,
      enabled,
    }),
  );
}

/** POST /api/vacations `{ startDate, endDate, description? }`: no booking in those days. */
export function startVacation(input: VacationInput) {
  return api.post<{ id: string; position: number }>('/vacations', input);
}

/** DELETE /api/vacations/:id: the period leaves the list and stops blocking. */
export function endVacation(id: string) {
  return api.delete<{ id: string; position: number }>(`/vacations/${encodeURIComponent(id)}`);
}

export function useStartVacation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVacation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.vacations() }),
  });
}

export function useEndVacation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endVacation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.vacations() }),
  });
}

import type { OpenSlot } from '@contracts/scheduling';
import type { StudentArea, StudentBookingInput, StudentLocation } from '@contracts/student-area';
import type { ListResponse } from '@contracts/students';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { studentAreaKeys } from './student-area-keys';

/** GET /api/student/locations: where the student can book, each with its cancellation policy. */
export function useStudentLocations() {
  return useQuery({
    queryKey: studentAreaKeys.locations(),
    queryFn: ({ signal }) => api.get<ListResponse<StudentLocation>>('/student/locations', { signal }),
    select: (answer) => answer.items,
    retry: retryUnlessClientError,
  });
}

/** GET /api/student/slots?locationId=: the open slots of the next days (the shared slot engine). */
export function useStudentSlots(locationId: string | null) {
  return useQuery({
    queryKey: studentAreaKeys.slots(locationId ?? ''),
    queryFn: ({ signal }) =>
      api.get<ListResponse<OpenSlot>>('/student/slots', { query: { locationId: locationId ?? '' }, signal }),
    select: (answer) => answer.items,
    enabled: Boolean(locationId),
    retry: retryUnlessClientError,
  });
}

/** POST /api/student/bookings: 409 no_credits without a credit, 409 slot_taken when someone got it first. */
export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentBookingInput) =>
      api.post<{ id: string; inicio: string; fim: string; position: number }>('/student/bookings', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentAreaKeys.all }),
  });
}

/** POST /api/student/sessions/:id/cancel: `creditoQueimado` when the policy burned a credit. */
export function useCancelOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ id: string; position: number; creditoQueimado: boolean }>(
        `/student/sessions/${encodeURIComponent(id)}/cancel`,
      ),
    onSuccess: async ({ position }) => {
      // The balance a burned credit moved, read once the read models have it.
      const area = await api.get<StudentArea>('/student/me', { headers: { 'X-Min-Position': String(position) } });
      queryClient.setQueryData(studentAreaKeys.me(), area);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentAreaKeys.all }),
  });
}

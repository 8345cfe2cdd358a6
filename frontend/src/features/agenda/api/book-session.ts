import type { BookSessionInput, SeriesBooked, SessionCommandAnswer } from '@contracts/scheduling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agendaKeys } from './agenda-keys';

/** 201 of POST /api/sessions: one session, or with `repeat` the created and refused dates. */
export type BookAnswer = SessionCommandAnswer | SeriesBooked;

export const isSeriesAnswer = (answer: BookAnswer): answer is SeriesBooked => 'created' in answer;

/**
 * POST /api/sessions; 400 invalid_range, 409 blocked_period or schedule_conflict (sent again with
 * `allowOverlap: true` it books anyway).
 */
export function bookSession(input: BookSessionInput) {
  return api.post<BookAnswer>('/sessions', input);
}

export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.sessions() }),
  });
}

import type { TomorrowReminders } from '@contracts/reminders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { reminderKeys } from './reminder-keys';

/** GET /api/reminders/tomorrow: tomorrow's sessions with their WhatsApp reminders written. */
export function useTomorrowReminders() {
  return useQuery({
    queryKey: reminderKeys.tomorrow(),
    queryFn: ({ signal }) => api.get<TomorrowReminders>('/reminders/tomorrow', { signal }),
    retry: retryUnlessClientError,
  });
}

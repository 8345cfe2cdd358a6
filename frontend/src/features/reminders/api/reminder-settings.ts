import type { ReminderSettings } from '@contracts/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { reminderKeys } from './reminder-keys';

/** GET /api/settings/reminders (the defaults until the trainer saves their own). */
export function useReminderSettings() {
  return useQuery({
    queryKey: reminderKeys.settings(),
    queryFn: ({ signal }) => api.get<ReminderSettings>('/settings/reminders', { signal }),
    retry: retryUnlessClientError,
  });
}

/** PUT /api/settings/reminders. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => api.put<{ position: number }>('/settings/reminders', settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}

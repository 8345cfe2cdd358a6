import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agendaKeys } from './agenda-keys';

/** DELETE /api/sessions/:id (`scope=following`: this one and the later ones of its series). */
export function removeSession(id: string, scope?: 'one' | 'following') {
  return api.delete<{ id: string; position: number }>(`/sessions/${encodeURIComponent(id)}`, {
    query: { scope },
  });
}

export function useRemoveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope?: 'one' | 'following' }) => removeSession(id, scope),
    // Not awaited: once the list is read again the session is gone and its dialog with it, and the
    // caller's own onSuccess (the toast) would no longer run.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agendaKeys.sessions() });
      void queryClient.invalidateQueries({ queryKey: agendaKeys.students() });
    },
  });
}

import type { SessionCommandAnswer, UpdateSessionInput } from '@contracts/scheduling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agendaKeys } from './agenda-keys';

/**
 * PATCH /api/sessions/:id: the fields sent change; `scope: 'following'` changes the later ones of the
 * series too. Answers `warning` ('no_credits' when marked Realizada at zero balance) and `refused`.
 */
export function changeSession(id: string, changes: UpdateSessionInput) {
  return api.patch<SessionCommandAnswer>(`/sessions/${encodeURIComponent(id)}`, changes);
}

export function useChangeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateSessionInput }) => changeSession(id, changes),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agendaKeys.sessions() }),
        // A change of status moves the student's balance.
        queryClient.invalidateQueries({ queryKey: agendaKeys.students() }),
      ]),
  });
}

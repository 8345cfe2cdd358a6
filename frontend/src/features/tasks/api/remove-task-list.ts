import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** DELETE /api/task-lists/:id; 409 `has_links` while it has tasks, 409 `default_list` for the default one. */
export function removeTaskList(id: string) {
  return api.delete<{ position: number }>(`/task-lists/${encodeURIComponent(id)}`);
}

export function useRemoveTaskList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTaskList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

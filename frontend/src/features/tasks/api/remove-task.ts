import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** DELETE /api/tasks/:id. */
export function removeTask(id: string) {
  return api.delete<{ position: number }>(`/tasks/${encodeURIComponent(id)}`);
}

export function useRemoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.tasks() }),
  });
}

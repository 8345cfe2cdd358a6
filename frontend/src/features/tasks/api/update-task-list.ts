import type { UpdateTaskListInput } from '@contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** PATCH /api/task-lists/:id: name, colour or place (the default list too). */
export function updateTaskList(id: string, changes: UpdateTaskListInput) {
  return api.patch<{ position: number }>(`/task-lists/${encodeURIComponent(id)}`, changes);
}

export function useUpdateTaskList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTaskListInput }) => updateTaskList(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  });
}

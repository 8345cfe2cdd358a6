import type { CreateTaskListInput } from '@contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** POST /api/task-lists `{ nome, cor }`. */
export function createTaskList(input: CreateTaskListInput) {
  return api.post<{ id: string; position: number }>('/task-lists', input);
}

export function useCreateTaskList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaskList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  });
}

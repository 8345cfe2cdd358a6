import type { CreateTaskInput } from '@contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** POST /api/tasks; the form checks the body with contracts' createTaskSchema first. */
export function createTask(input: CreateTaskInput) {
  return api.post<{ id: string; position: number }>('/tasks', input);
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.tasks() }),
  });
}

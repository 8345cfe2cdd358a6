import type { Task } from '@contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { taskKeys } from './task-keys';

/** GET /api/tasks: every task of the trainer by `ordem`, open and completed (the views filter them). */
export function fetchTasks(signal?: AbortSignal): Promise<{ items: Task[] }> {
  return api.get<{ items: Task[] }>('/tasks', { signal });
}

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.tasks(),
    queryFn: ({ signal }) => fetchTasks(signal),
    retry: retryUnlessClientError,
  });

export function useTasks() {
  return useQuery({ ...tasksQueryOptions(), select: (answer) => answer.items });
}

import type { TaskList } from '@contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { taskKeys } from './task-keys';

/** GET /api/task-lists: the lists by `ordem`, the default one (padrao) always among them. */
export function fetchTaskLists(signal?: AbortSignal): Promise<{ items: TaskList[] }> {
  return api.get<{ items: TaskList[] }>('/task-lists', { signal });
}

export const taskListsQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.lists(),
    queryFn: ({ signal }) => fetchTaskLists(signal),
    select: (answer) => answer.items,
    retry: retryUnlessClientError,
  });

export function useTaskLists() {
  return useQuery(taskListsQueryOptions());
}

import type { Task } from '@contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { agendaKeys } from './agenda-keys';

/** GET /api/tasks: the calendar shows those with a due date on their day (spec 000 §2). */
export async function fetchTasks(signal?: AbortSignal): Promise<Task[]> {
  return (await api.get<{ items: Task[] }>('/tasks', { signal })).items;
}

export function useAgendaTasks() {
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.tasks(),
      queryFn: ({ signal }) => fetchTasks(signal),
      retry: retryUnlessClientError,
      select: (tasks) => tasks.filter((task) => task.dataVencimento !== null),
    }),
  );
}

import type { Task, UpdateTaskInput } from '@contracts/tasks/api';
import { tasksApi } from '@contracts/tasks/api';
import type { InputOf } from '@contracts/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tasksKey, tasksQuery } from '../../../entities/tasks';
import { api } from '../../../lib/api-client';
import { invalidateAfter } from '../../../entities/operation';

/** PATCH /api/tasks/:id: the fields sent change; `concluida` completes (a repeating task makes its next one) or reopens. */
export const updateTask = (input: InputOf<typeof tasksApi.update>) =>
  api.call(tasksApi.update, input);

/** What a change looks like on screen before the API answers (completing stamps it now). */
function applied(task: Task, changes: UpdateTaskInput): Task {
  const next = { ...task, ...changes } as Task;
  if (changes.concluida === true && !task.concluida) next.concluidaEm = new Date().toISOString();
  if (changes.concluida === false) next.concluidaEm = null;
  return next;
}

/**
 * Completing, reopening and moving show at once; a refusal puts the list back as it was (the
 * checkbox unticks, the task returns to its place) and the API's answer is read again.
 */
export function useOptimisticTaskChange() {
  const queryClient = useQueryClient();
  const { queryKey } = tasksQuery();
  return useMutation({
    mutationFn: updateTask,
    onMutate: async ({ params: { id }, body: changes = {} }) => {
      await queryClient.cancelQueries({ queryKey: tasksKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(
        queryKey,
        (answer) =>
          answer && {
            items: answer.items.map((task) => (task.id === id ? applied(task, changes) : task)),
          },
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => invalidateAfter(queryClient, tasksApi.update),
  });
}

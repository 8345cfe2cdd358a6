import type { Task, UpdateTaskInput } from '@contracts/tasks/api';
import { taskListsApi, tasksApi } from '@contracts/tasks/api';
import type { InputOf } from '@contracts/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tasksKey, tasksQuery } from '../../../entities/tasks';
import { api } from '../../../lib/api-client';
import { invalidateAfter, useOperation } from '../../../entities/operation';

/** POST /api/task-lists `{ nome, cor }`. */
export const useCreateTaskList = () => useOperation(taskListsApi.create);

/** PATCH /api/task-lists/:id: name, colour or place (the default list too). */
export const useUpdateTaskList = () => useOperation(taskListsApi.update);

/** DELETE /api/task-lists/:id; 409 `has_links` while it has tasks, 409 `default_list` for the default one. */
export const useRemoveTaskList = () =>
  useOperation(taskListsApi.remove);

/** POST /api/tasks; the form checks the body with contracts' createTaskSchema first. */
export const useCreateTask = () => useOperation(tasksApi.create);

/** DELETE /api/tasks/:id. */
export const useRemoveTask = () => useOperation(tasksApi.remove);

/** PATCH /api/tasks/:id: the fields sent change; `concluida` completes (a repeating task makes its next one) or reopens. */
export const updateTask = (input: InputOf<typeof tasksApi.update>) => api.call(tasksApi.update, input);

/** Saves the form of the edit dialog; the caller says how it went ('Tarefa atualizada com sucesso!'). */
export const useUpdateTask = () => useOperation(tasksApi.update);

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
      queryClient.setQueryData(queryKey, (answer) =>
        answer && { items: answer.items.map((task) => (task.id === id ? applied(task, changes) : task)) },
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => invalidateAfter(queryClient, tasksApi.update),
  });
}

import type { Task, UpdateTaskInput } from '@contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** PATCH /api/tasks/:id: the fields sent change; `concluida` completes (a repeating task makes its next one) or reopens. */
export function updateTask(id: string, changes: UpdateTaskInput) {
  return api.patch<{ position: number }>(`/tasks/${encodeURIComponent(id)}`, changes);
}

type TasksAnswer = { items: Task[] };

/** What a change looks like on screen before the API answers (completing stamps it now). */
function applied(task: Task, changes: UpdateTaskInput): Task {
  const next = { ...task, ...changes } as Task;
  if (changes.concluida === true && !task.concluida) next.concluidaEm = new Date().toISOString();
  if (changes.concluida === false) next.concluidaEm = null;
  return next;
}

/** Saves the form of the edit dialog; the caller says how it went ('Tarefa atualizada com sucesso!'). */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTaskInput }) => updateTask(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.tasks() }),
  });
}

/**
 * Completing, reopening and moving show at once; a refusal puts the list back as it was (the
 * checkbox unticks, the task returns to its place) and the API's answer is read again.
 */
export function useOptimisticTaskChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTaskInput }) => updateTask(id, changes),
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.tasks() });
      const before = queryClient.getQueryData<TasksAnswer>(taskKeys.tasks());
      queryClient.setQueryData<TasksAnswer>(taskKeys.tasks(), (answer) =>
        answer && { items: answer.items.map((task) => (task.id === id ? applied(task, changes) : task)) },
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(taskKeys.tasks(), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.tasks() }),
  });
}

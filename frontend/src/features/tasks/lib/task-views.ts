import { ordemBetween, type Task, type TaskList } from '@contracts/tasks/api';

/** The selection of the left column that is not a list: every task of every list. */
export const ALL_TASKS = 'todas';

export const byOrdem = (a: Task, b: Task): number =>
  a.ordem - b.ordem || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** The tasks a selection shows: one list's, or all of them. */
export function tasksOf(tasks: readonly Task[], selected: string): Task[] {
  return selected === ALL_TASKS ? [...tasks] : tasks.filter((task) => task.listId === selected);
}

/** Open tasks in the trainer's order (dragging sets it). */
export const openTasks = (tasks: readonly Task[]): Task[] => tasks.filter((task) => !task.concluida).sort(byOrdem);

/** Completed tasks, the most recently completed first. */
export const completedTasks = (tasks: readonly Task[]): Task[] =>
  tasks
    .filter((task) => task.concluida)
    .sort((a, b) => (b.concluidaEm ?? '').localeCompare(a.concluidaEm ?? '') || byOrdem(a, b));

/** Open tasks of each list, for the counts beside the lists' names. */
export function openCounts(tasks: readonly Task[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const task of tasks) if (!task.concluida) counts.set(task.listId, (counts.get(task.listId) ?? 0) + 1);
  return counts;
}

/** Spacing of renumbered tasks: plenty of room for later moves between them. */
const RENUMBER_STEP = 1_024;

/**
 * The `ordem` changes that move `open[from]` to position `to` of `open` (a drag or an arrow key):
 * one task between its new neighbours, or, when there is no room left between them, the whole list
 * numbered again in its new order.
 */
export function reorder(open: readonly Task[], from: number, to: number): { id: string; ordem: number }[] {
  if (from === to || from < 0 || to < 0 || from >= open.length || to >= open.length) return [];
  const moved = open[from];
  const rest = open.filter((_, index) => index !== from);
  const ordem = ordemBetween(rest[to - 1]?.ordem, rest[to]?.ordem);
  if (ordem !== undefined) return [{ id: moved.id, ordem }];
  const order = [...rest.slice(0, to), moved, ...rest.slice(to)];
  return order.flatMap((task, index) => {
    const renumbered = (index + 1) * RENUMBER_STEP;
    return task.ordem === renumbered ? [] : [{ id: task.id, ordem: renumbered }];
  });
}

/** The list a new task goes to from a selection: that list, or the default one from 'Todas as tarefas'. */
export function listForNewTask(lists: readonly TaskList[], selected: string): string | undefined {
  if (selected !== ALL_TASKS && lists.some((list) => list.id === selected)) return selected;
  return (lists.find((list) => list.padrao) ?? lists[0])?.id;
}

/** '1 tarefa', '3 tarefas'. */
export const tasksCountLabel = (count: number): string => `${count} ${count === 1 ? 'tarefa' : 'tarefas'}`;

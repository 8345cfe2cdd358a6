import type { Task, TaskList } from '@contracts/tasks/api';
import { ALL_TASKS, completedTasks, listForNewTask, openCounts, openTasks, reorder, tasksOf } from './task-views';

const task = (id: string, fields: Partial<Task> = {}): Task => ({
  id,
  titulo: id,
  descricao: null,
  dataVencimento: null,
  horaVencimento: null,
  listId: 'l1',
  diaInteiro: true,
  repeticao: 'nenhuma',
  concluida: false,
  concluidaEm: null,
  ordem: 0,
  anteriorId: null,
  proximaId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const list = (id: string, padrao = false): TaskList => ({ id, nome: id, cor: '#228be6', ordem: 0, padrao });

describe('the tasks view', () => {
  const tasks = [
    task('c', { ordem: 3 }),
    task('a', { ordem: 1 }),
    task('b', { ordem: 2, listId: 'l2' }),
    task('old', { concluida: true, concluidaEm: '2026-01-02T10:00:00.000Z' }),
    task('new', { concluida: true, concluidaEm: '2026-01-05T10:00:00.000Z', listId: 'l2' }),
  ];

  it('shows open tasks by ordem, completed ones latest first, per list or all', () => {
    expect(openTasks(tasks).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(completedTasks(tasks).map((item) => item.id)).toEqual(['new', 'old']);
    expect(openTasks(tasksOf(tasks, 'l1')).map((item) => item.id)).toEqual(['a', 'c']);
    expect(tasksOf(tasks, ALL_TASKS)).toHaveLength(5);
    expect(openCounts(tasks)).toEqual(new Map([['l1', 2], ['l2', 1]]));
  });

  it('moves a task between its new neighbours', () => {
    const open = openTasks(tasks);
    expect(reorder(open, 2, 0)).toEqual([{ id: 'c', ordem: 0 }]);
    expect(reorder(open, 0, 2)).toEqual([{ id: 'a', ordem: 4 }]);
    expect(reorder(open, 0, 1)).toEqual([{ id: 'a', ordem: 2.5 }]);
    expect(reorder(open, 1, 1)).toEqual([]);
    expect(reorder(open, 0, 5)).toEqual([]);
  });

  it('numbers the list again when there is no room between two tasks', () => {
    const crowded = [task('x', { ordem: 5 }), task('y', { ordem: 5 }), task('z', { ordem: 6 })];
    expect(reorder(crowded, 2, 1)).toEqual([
      { id: 'x', ordem: 1024 },
      { id: 'z', ordem: 2048 },
      { id: 'y', ordem: 3072 },
    ]);
  });

  it("puts a new task in the chosen list, or in the default one from 'Todas as tarefas'", () => {
    const lists = [list('l2'), list('l1', true)];
    expect(listForNewTask(lists, 'l2')).toBe('l2');
    expect(listForNewTask(lists, ALL_TASKS)).toBe('l1');
    expect(listForNewTask(lists, 'gone')).toBe('l1');
    expect(listForNewTask([], ALL_TASKS)).toBeUndefined();
  });
});

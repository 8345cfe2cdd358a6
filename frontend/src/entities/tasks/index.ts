import { tasksApi } from '@contracts/tasks/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/**
 * GET /api/tasks: every task of the trainer by `ordem`, open and completed (the tasks view filters
 * them; the agenda shows those with a due date on their day).
 */
export const tasksQuery = () => getQuery(tasksApi.list, {});

/** Every read under /tasks; a 'task' change or a task mutation invalidates it. */
export const tasksKey = keyOf(tasksApi.list);

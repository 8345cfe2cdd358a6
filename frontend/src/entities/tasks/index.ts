import type { tasksApi } from '@contracts/tasks/api';
import { getQuery } from '../../lib/contract-query';
export { tasksKey } from './keys';

/**
 * GET /api/tasks: every task of the trainer by `ordem`, open and completed (the tasks view filters
 * them; the agenda shows those with a due date on their day).
 */
export const tasksQuery = () => getQuery<typeof tasksApi.list>('/tasks', {});

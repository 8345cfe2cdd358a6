import { taskListsApi } from '@contracts/tasks/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/task-lists: the lists by `ordem`, the default one (padrao) always among them. */
export const taskListsQuery = () => getQuery(taskListsApi.list, {});

/** Every read under /task-lists; a 'task-list' change or a list mutation invalidates it. */
export const taskListsKey = keyOf(taskListsApi.list);

import { taskListsApi } from '@contracts/tasks/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Every read under /task-lists; a 'task-list' change or a list mutation invalidates it. */
export const taskListsKey = pathKey(taskListsApi.list);

/** GET /api/task-lists: the lists by `ordem`, the default one (padrao) always among them. */
export const taskListsQuery = () => operationQuery(taskListsApi.list, {});

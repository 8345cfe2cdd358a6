import { taskListsApi } from '@contracts/tasks/api';
import { operationQuery } from '../../lib/contract-query';
export { taskListsKey } from './keys';

/** GET /api/task-lists: the lists by `ordem`, the default one (padrao) always among them. */
export const taskListsQuery = () => operationQuery(taskListsApi.list, {});

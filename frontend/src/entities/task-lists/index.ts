import type { taskListsApi } from '@contracts/tasks/api';
import { getQuery } from '../../lib/contract-query';
export { taskListsKey } from './keys';

/** GET /api/task-lists: the lists by `ordem`, the default one (padrao) always among them. */
export const taskListsQuery = () => getQuery<typeof taskListsApi.list>('/task-lists', {});

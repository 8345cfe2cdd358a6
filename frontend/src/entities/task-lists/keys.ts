import type { taskListsApi } from '@contracts/tasks/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /task-lists; a 'task-list' change or a list mutation invalidates it. */
export const taskListsKey = entityKey<typeof taskListsApi.list>('/task-lists');

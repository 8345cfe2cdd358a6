import type { taskListsApi } from '@contracts/tasks/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read under /task-lists; a 'task-list' change or a list mutation invalidates it. */
export const taskListsKey = deferredKey<typeof taskListsApi.list>('/task-lists');

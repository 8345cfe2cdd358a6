import type { tasksApi } from '@contracts/tasks/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read under /tasks; a 'task' change or a task mutation invalidates it. */
export const tasksKey = deferredKey<typeof tasksApi.list>('/tasks');

import type { tasksApi } from '@contracts/tasks/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /tasks; a 'task' change or a task mutation invalidates it. */
export const tasksKey = entityKey<typeof tasksApi.list>('/tasks');

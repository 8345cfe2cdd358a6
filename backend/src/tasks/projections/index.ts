import { taskListsProjection } from './task-lists.projection';
import { tasksProjection } from './tasks.projection';

export const TASK_LISTS_PROJECTION = taskListsProjection.name;
export const TASKS_PROJECTION = tasksProjection.name;

/** The read models of the tasks context, run by the worker. */
export const taskProjections = [taskListsProjection, tasksProjection];

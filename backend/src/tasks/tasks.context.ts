import type { BoundedContext } from '../platform/context/bounded-context';
import { taskProjections } from './projections';
import { TasksModule } from './tasks.module';
import { tasksTables } from './tasks.tables';

/** The trainer's to-do lists and tasks (the agenda's tasks view), repeating tasks included. */
export const tasksContext: BoundedContext = {
  name: 'tasks',
  tables: tasksTables,
  module: TasksModule,
  projections: taskProjections,
};

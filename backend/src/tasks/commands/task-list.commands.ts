import { Injectable } from '@nestjs/common';
import { TASK_LIST_HAS_TASKS } from '../../contracts/tasks/api';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { streamEntity } from '../../platform/references/entity-references';
import { taskListDecider } from '../domain/task-list.decider';
import type { TaskListEvent } from '../domain/task-list.events';

export const TASK_LIST_KIND = 'task-list';

/**
 * Every task-list command, decided on the list's stream. Tasks refer to their list: a list with
 * tasks (completed ones too) is not removed, 409 has_links, even when a task is added to it at the
 * same moment (the foreign key of entity_references decides the race).
 */
@Injectable()
export class TaskListCommands extends commandHandlerFor(
  taskListDecider,
  streamEntity<TaskListEvent>({
    kind: TASK_LIST_KIND,
    created: 'TaskListCreated',
    removed: 'TaskListRemoved',
    hasLinks: TASK_LIST_HAS_TASKS,
  }),
) {}

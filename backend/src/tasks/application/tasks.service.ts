import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { ParsedInputOf } from '../../contracts/shared/routes';
import type { taskListsApi, tasksApi } from '../../contracts/tasks/api';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { TaskListCommands } from '../commands/task-list.commands';
import { TaskCommands } from '../commands/task.commands';
import { defaultTaskListId } from '../domain/default-task-list';

/**
 * Lists and tasks: the trainer's default list (same id everywhere, `defaultTaskListId`) is where
 * a task without a list goes, and is told apart from the others when changed or removed.
 */
@Injectable()
export class TasksService {
  constructor(
    @Inject(TaskCommands) private readonly tasks: TaskCommands,
    @Inject(TaskListCommands) private readonly lists: TaskListCommands,
  ) {}

  createList(context: CommandContext, list: ParsedInputOf<typeof taskListsApi.create>['body']) {
    return this.lists.handle(context, uuidv7(), { type: 'CreateTaskList', list });
  }

  updateList(
    context: CommandContext,
    listId: string,
    changes: ParsedInputOf<typeof taskListsApi.update>['body'],
  ) {
    const padrao = listId === defaultTaskListId(context.tenantId);
    return this.lists.handle(context, listId, { type: 'UpdateTaskList', changes, padrao });
  }

  removeList(context: CommandContext, listId: string) {
    const padrao = listId === defaultTaskListId(context.tenantId);
    return this.lists.handle(context, listId, { type: 'RemoveTaskList', padrao });
  }

  createTask(context: CommandContext, task: ParsedInputOf<typeof tasksApi.create>['body']) {
    return this.tasks.handle(context, uuidv7(), {
      type: 'CreateTask',
      task: { ...task, listId: task.listId ?? defaultTaskListId(context.tenantId) },
      nextId: uuidv7(),
    });
  }

  /** A recurring task done makes its next one: its id is chosen here, once. */
  updateTask(
    context: CommandContext,
    taskId: string,
    changes: ParsedInputOf<typeof tasksApi.update>['body'],
  ) {
    return this.tasks.handle(context, taskId, { type: 'UpdateTask', changes, nextId: uuidv7() });
  }

  removeTask(context: CommandContext, taskId: string) {
    return this.tasks.handle(context, taskId, { type: 'RemoveTask' });
  }
}

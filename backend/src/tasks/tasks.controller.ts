import { Controller, Inject } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { taskListsApi, tasksApi } from '../contracts/tasks/api';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { TaskListCommands } from './commands/task-list.commands';
import { TaskCommands } from './commands/task.commands';
import { defaultTaskListId } from './domain/default-task-list';
import { idParam } from '../platform/http/id-param';
import { TASK_LISTS_PROJECTION, TASKS_PROJECTION } from './projections';
import { TasksRepository } from './queries/tasks.repository';

const taskId = idParam('Tarefa', 'feminine');
const listId = idParam('Lista', 'feminine');

@Controller()
export class TasksController {
  constructor(
    @Inject(TaskCommands) private readonly tasks: TaskCommands,
    @Inject(TaskListCommands) private readonly lists: TaskListCommands,
    @Inject(TasksRepository) private readonly repository: TasksRepository,
  ) {}

  @Implements(taskListsApi.list)
  @ReadsProjections(TASK_LISTS_PROJECTION)
  async listLists(@CurrentUser() user: AuthUser) {
    return { items: await this.repository.lists(user.tenantId) };
  }

  @Implements(taskListsApi.create)
  createList(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof taskListsApi.create>,
  ) {
    return this.lists.handle(context, uuidv7(), { type: 'CreateTaskList', list: body });
  }

  @Implements(taskListsApi.update)
  updateList(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof taskListsApi.update>,
  ) {
    const padrao = listId(params.id) === defaultTaskListId(context.tenantId);
    return this.lists.handle(context, params.id, { type: 'UpdateTaskList', changes: body, padrao });
  }

  @Implements(taskListsApi.remove)
  removeList(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof taskListsApi.remove>,
  ) {
    const padrao = listId(params.id) === defaultTaskListId(context.tenantId);
    return this.lists.handle(context, params.id, { type: 'RemoveTaskList', padrao });
  }

  @Implements(tasksApi.list)
  @ReadsProjections(TASKS_PROJECTION)
  async listTasks(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof tasksApi.list>,
  ) {
    return { items: await this.repository.tasks(user.tenantId, query) };
  }

  @Implements(tasksApi.get)
  @ReadsProjections(TASKS_PROJECTION)
  async getTask(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof tasksApi.get>,
  ) {
    return (await this.repository.findTask(user.tenantId, taskId(params.id))) ?? taskId.notFound();
  }

  @Implements(tasksApi.create)
  createTask(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body: task }: ParsedInputOf<typeof tasksApi.create>,
  ) {
    return this.tasks.handle(context, uuidv7(), {
      type: 'CreateTask',
      task: { ...task, listId: task.listId ?? defaultTaskListId(context.tenantId) },
      nextId: uuidv7(),
    });
  }

  @Implements(tasksApi.update)
  updateTask(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof tasksApi.update>,
  ) {
    return this.tasks.handle(context, taskId(params.id), {
      type: 'UpdateTask',
      changes: body,
      nextId: uuidv7(),
    });
  }

  @Implements(tasksApi.remove)
  removeTask(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof tasksApi.remove>,
  ) {
    return this.tasks.handle(context, taskId(params.id), { type: 'RemoveTask' });
  }
}

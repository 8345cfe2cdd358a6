import { Controller, Inject } from '@nestjs/common';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { taskListsApi, tasksApi } from '../contracts/tasks/api';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { TasksService } from './application/tasks.service';
import { idParam } from '../platform/http/id-param';
import { TASK_LISTS_PROJECTION, TASKS_PROJECTION } from './projections';
import { TasksRepository } from './queries/tasks.repository';

const taskId = idParam('Tarefa', 'feminine');
const listId = idParam('Lista', 'feminine');

@Controller()
export class TasksController {
  constructor(
    @Inject(TasksService) private readonly service: TasksService,
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
    return this.service.createList(context, body);
  }

  @Implements(taskListsApi.update)
  updateList(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof taskListsApi.update>,
  ) {
    return this.service.updateList(context, listId(params.id), body);
  }

  @Implements(taskListsApi.remove)
  removeList(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof taskListsApi.remove>,
  ) {
    return this.service.removeList(context, listId(params.id));
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
    return this.service.createTask(context, task);
  }

  @Implements(tasksApi.update)
  updateTask(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof tasksApi.update>,
  ) {
    return this.service.updateTask(context, taskId(params.id), body);
  }

  @Implements(tasksApi.remove)
  removeTask(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof tasksApi.remove>,
  ) {
    return this.service.removeTask(context, taskId(params.id));
  }
}

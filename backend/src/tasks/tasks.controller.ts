import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { v7 as uuidv7 } from 'uuid';
import {
  createTaskListSchema,
  createTaskSchema,
  type NewTask,
  type NewTaskList,
  type TaskChanges,
  type TaskListChanges,
  taskQuerySchema,
  updateTaskListSchema,
  updateTaskSchema,
} from '../contracts/tasks';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { parseOrThrow, ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { TaskListCommands } from './commands/task-list.commands';
import { TaskCommands } from './commands/task.commands';
import { defaultTaskListId } from './domain/default-task-list';
import { checkedId, taskListNotFound, taskNotFound } from './domain/task.errors';
import { TASK_LISTS_PROJECTION, TASKS_PROJECTION } from './projections';
import { TasksRepository } from './queries/tasks.repository';

const taskId = checkedId(taskNotFound);
const listId = checkedId(taskListNotFound);

@ApiTags('tasks')
@ApiBearerAuth()
@Roles('personal')
@Controller()
export class TasksController {
  constructor(
    @Inject(TaskCommands) private readonly tasks: TaskCommands,
    @Inject(TaskListCommands) private readonly lists: TaskListCommands,
    @Inject(TasksRepository) private readonly repository: TasksRepository,
  ) {}

  @Get('task-lists')
  @ApiOperation({
    summary: 'Listas de tarefas por ordem; a lista padrão (padrao: true) sempre está entre elas',
  })
  @ReadsProjections(TASK_LISTS_PROJECTION)
  async listLists(@CurrentUser() user: AuthUser) {
    return { items: await this.repository.lists(user.tenantId) };
  }

  @Post('task-lists')
  @CommandRoute(
    201,
    { summary: 'Cria uma lista { nome, cor?, ordem? }; 201 { id, position }' },
    createTaskListSchema,
  )
  createList(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createTaskListSchema)) list: NewTaskList,
  ) {
    return this.lists.handle(context, uuidv7(), { type: 'CreateTaskList', list });
  }

  @Patch('task-lists/:id')
  @CommandRoute(
    200,
    { summary: 'Altera nome, cor ou ordem de uma lista (a padrão também)' },
    updateTaskListSchema,
  )
  updateList(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateTaskListSchema)) changes: TaskListChanges,
  ) {
    const padrao = listId(id) === defaultTaskListId(context.tenantId);
    return this.lists.handle(context, id, { type: 'UpdateTaskList', changes, padrao });
  }

  @Delete('task-lists/:id')
  @CommandRoute(200, {
    summary:
      'Exclui uma lista; 409 has_links enquanto tiver tarefas, 409 default_list para a padrão',
  })
  removeList(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    const padrao = listId(id) === defaultTaskListId(context.tenantId);
    return this.lists.handle(context, id, { type: 'RemoveTaskList', padrao });
  }

  @Get('tasks')
  @ApiOperation({
    summary:
      'Tarefas por ordem, abertas e concluídas; ?listId= de uma lista, ?from=&to= (AAAA-MM-DD) pelo vencimento',
  })
  @ApiQuery({ name: 'listId', required: false })
  @ApiQuery({ name: 'from', required: false, description: 'Vencimento a partir de (AAAA-MM-DD)' })
  @ApiQuery({ name: 'to', required: false, description: 'Vencimento até (AAAA-MM-DD), inclusive' })
  @ReadsProjections(TASKS_PROJECTION)
  async listTasks(@CurrentUser() user: AuthUser, @Query() query: unknown) {
    const filter = parseOrThrow(taskQuerySchema, query);
    return { items: await this.repository.tasks(user.tenantId, filter) };
  }

  @Get('tasks/:id')
  @ApiOperation({ summary: 'Uma tarefa' })
  @ReadsProjections(TASKS_PROJECTION)
  async getTask(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.repository.findTask(user.tenantId, taskId(id))) ?? taskId.notFound();
  }

  @Post('tasks')
  @CommandRoute(
    201,
    {
      summary:
        'Cria uma tarefa (sem listId, na lista padrão; sem ordem, no fim); 201 { id, position }',
    },
    createTaskSchema,
  )
  createTask(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createTaskSchema)) task: NewTask,
  ) {
    return this.tasks.handle(context, uuidv7(), {
      type: 'CreateTask',
      task: { ...task, listId: task.listId ?? defaultTaskListId(context.tenantId) },
      nextId: uuidv7(),
    });
  }

  @Patch('tasks/:id')
  @CommandRoute(
    200,
    {
      summary:
        'Altera os campos enviados; { concluida: true } conclui (uma tarefa que se repete cria a próxima), false reabre',
    },
    updateTaskSchema,
  )
  updateTask(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateTaskSchema)) changes: TaskChanges,
  ) {
    return this.tasks.handle(context, taskId(id), {
      type: 'UpdateTask',
      changes,
      nextId: uuidv7(),
    });
  }

  @Delete('tasks/:id')
  @CommandRoute(200, { summary: 'Exclui uma tarefa' })
  removeTask(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    return this.tasks.handle(context, taskId(id), { type: 'RemoveTask' });
  }
}

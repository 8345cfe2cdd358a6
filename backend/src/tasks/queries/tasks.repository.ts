import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import {
  DEFAULT_TASK_LIST,
  type Repeticao,
  type Task,
  type TaskList,
  type TaskQuery,
} from '../../contracts/tasks/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { TaskLists, Tasks } from '../../platform/database/database.types';
import { defaultTaskListId } from '../domain/default-task-list';

/** The only code that reads the tasks context's read tables; every read is scoped by tenant. */
@Injectable()
export class TasksRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * The tenant's lists by `ordem`, the default one always among them: as it was last changed, or
   * as DEFAULT_TASK_LIST while it has no stream.
   */
  async lists(tenantId: string): Promise<TaskList[]> {
    const rows = await this.db
      .selectFrom('taskLists')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('removedAt', 'is', null)
      .orderBy('ordem')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    const lists = rows.map(toTaskList);
    const defaultId = defaultTaskListId(tenantId);
    if (lists.some((list) => list.id === defaultId)) return lists;
    const virtual: TaskList = { id: defaultId, ...DEFAULT_TASK_LIST, padrao: true };
    // Stable: among lists of the same ordem, the default one comes first.
    return [virtual, ...lists].sort((a, b) => a.ordem - b.ordem);
  }

  async findList(tenantId: string, id: string): Promise<TaskList | undefined> {
    return (await this.lists(tenantId)).find((list) => list.id === id);
  }

  /** The tenant's tasks by `ordem` (open and completed); filtered by list and due-date range when asked. */
  async tasks(tenantId: string, query: TaskQuery = {}): Promise<Task[]> {
    let select = this.tasksOf(tenantId);
    if (query.listId) select = select.where('listId', '=', query.listId);
    if (query.from) select = select.where('dataVencimento', '>=', query.from);
    if (query.to) select = select.where('dataVencimento', '<=', query.to);
    const rows = await select.orderBy('ordem').orderBy('createdAt').orderBy('id').execute();
    return rows.map(toTask);
  }

  async findTask(tenantId: string, id: string): Promise<Task | undefined> {
    const row = await this.tasksOf(tenantId).where('id', '=', id).executeTakeFirst();
    return row && toTask(row);
  }

  private tasksOf(tenantId: string) {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('removedAt', 'is', null);
  }
}

function toTaskList(row: Selectable<TaskLists>): TaskList {
  return { id: row.id, nome: row.nome, cor: row.cor, ordem: row.ordem, padrao: row.padrao };
}

function toTask(row: Selectable<Tasks>): Task {
  return {
    id: row.id,
    titulo: row.titulo,
    descricao: row.descricao,
    dataVencimento: row.dataVencimento,
    horaVencimento: row.horaVencimento,
    listId: row.listId,
    diaInteiro: row.horaVencimento === null,
    repeticao: row.repeticao as Repeticao,
    concluida: row.concluida,
    concluidaEm: row.concluidaEm?.toISOString() ?? null,
    ordem: row.ordem,
    anteriorId: row.anteriorId,
    proximaId: row.proximaId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

import { Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/database/database';
import { NotFoundError } from '../../platform/errors/domain-error';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import type { EventMetadata } from '../../platform/event-store/event';
import { appendEvents } from '../../platform/event-store/event-store';
import { type EntityRef, entityReferences } from '../../platform/references/entity-references';
import { defaultTaskListId } from '../domain/default-task-list';
import { taskDecider, type TaskState } from '../domain/task.decider';
import { taskListNotFound } from '../domain/task.errors';
import type { NextOccurrence, TaskEvent } from '../domain/task.events';
import { TASK_LIST_KIND } from './task-list.commands';

const taskRef = (id: string): EntityRef => ({ kind: 'task', id });
const listRef = (id: string): EntityRef => ({ kind: TASK_LIST_KIND, id });

/**
 * `task` is in list `listId` from now on; 404 'Lista não encontrada' when the tenant has no such
 * list. The default list may have no stream yet: it is registered on its first task.
 */
async function referToList(
  trx: Kysely<Database>,
  tenantId: string,
  task: EntityRef,
  listId: string,
): Promise<void> {
  if (listId === defaultTaskListId(tenantId))
    await entityReferences.register(trx, tenantId, listRef(listId));
  try {
    await entityReferences.refer(trx, tenantId, task, listRef(listId), 'Lista');
  } catch (error) {
    if (error instanceof NotFoundError) throw taskListNotFound();
    throw error;
  }
}

/**
 * Starts the stream of the next occurrence a completion decided, in the completion's transaction,
 * with the completion's metadata (one command, two streams): both commit or neither does. Its
 * stream must be new (expected version 0), so it can never be written twice.
 */
async function startNextOccurrence(
  trx: Kysely<Database>,
  tenantId: string,
  completedId: string,
  { id, ...details }: NextOccurrence,
): Promise<void> {
  const completed = await trx
    .selectFrom('events')
    .select('metadata')
    .where('tenantId', '=', tenantId)
    .where('streamId', '=', completedId)
    .orderBy('streamVersion', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await appendEvents(trx, {
    tenantId,
    streamType: taskDecider.streamType,
    streamId: id,
    expectedVersion: 0,
    events: [{ type: 'TaskCreated', data: { ...details, anteriorId: completedId } }],
    metadata: completed.metadata as unknown as EventMetadata,
  });
  await referToList(trx, tenantId, taskRef(id), details.listId);
}

/**
 * Written with a task's events: its reference to its list (so a list with tasks stays), and the
 * next occurrence of a repeating task, decided once in the completed task's stream.
 */
const taskInline: InlineProjection<TaskEvent, TaskState> = {
  eventTypes: ['TaskCreated', 'TaskUpdated', 'TaskCompleted', 'TaskRemoved'],
  async apply(trx, { tenantId, streamId, before, events }) {
    const task = taskRef(streamId);
    let listId = before.details?.listId ?? null;
    for (const event of events) {
      switch (event.type) {
        case 'TaskCreated':
          await referToList(trx, tenantId, task, event.data.listId);
          listId = event.data.listId;
          break;
        case 'TaskUpdated': {
          const moved = event.data.listId;
          if (moved === undefined || moved === listId) break;
          if (listId) await entityReferences.forget(trx, tenantId, task, listRef(listId));
          await referToList(trx, tenantId, task, moved);
          listId = moved;
          break;
        }
        case 'TaskCompleted':
          if (event.data.proxima)
            await startNextOccurrence(trx, tenantId, streamId, event.data.proxima);
          break;
        case 'TaskRemoved':
          if (listId) await entityReferences.forget(trx, tenantId, task, listRef(listId));
          break;
        default:
          break;
      }
    }
  },
};

/** Every task command, decided on the task's stream. */
@Injectable()
export class TaskCommands extends commandHandlerFor(taskDecider, taskInline) {}

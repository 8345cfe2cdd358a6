import type { Selectable } from 'kysely';
import type { TaskLists } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { TASK_LIST_EVENT_TYPES, type TaskListEvent } from '../domain/task-list.events';

/** `task_lists`: one row per list with a stream (the default one only once it was changed). */
export const taskListsProjection = streamRowProjection<TaskListEvent, Selectable<TaskLists>>({
  name: 'task_lists',
  table: 'task_lists',
  eventTypes: TASK_LIST_EVENT_TYPES,
  changeType: 'task-list',
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'TaskListCreated') {
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...event.data,
        createdAt: stored.occurredAt,
        removedAt: null,
        ...stamp,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'TaskListUpdated':
        return { ...row, ...event.data, ...stamp };
      case 'TaskListRemoved':
        return { ...row, removedAt: stored.occurredAt, ...stamp };
    }
  },
});

import type { Selectable } from 'kysely';
import type { Tasks } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { TASK_EVENT_TYPES, type TaskDetails, type TaskEvent } from '../domain/task.events';

/** The columns a task's details fill (diaDoMes stays in its stream: only the next completion reads it). */
function detailColumns<Details extends Partial<TaskDetails>>({
  diaDoMes: _diaDoMes,
  ...details
}: Details): Omit<Details, 'diaDoMes'> {
  return details;
}

/** `tasks`: one row per task, open or completed, with the occurrences it repeats and created. */
export const tasksProjection = streamRowProjection<TaskEvent, Selectable<Tasks>>({
  name: 'tasks',
  table: 'tasks',
  eventTypes: TASK_EVENT_TYPES,
  changeType: 'task',
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'TaskCreated') {
      const { anteriorId, ...details } = event.data;
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...detailColumns(details),
        concluida: false,
        concluidaEm: null,
        anteriorId,
        proximaId: null,
        createdAt: stored.occurredAt,
        removedAt: null,
        ...stamp,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'TaskUpdated':
        return { ...row, ...detailColumns(event.data), ...stamp };
      case 'TaskCompleted':
        return {
          ...row,
          concluida: true,
          concluidaEm: new Date(event.data.concluidaEm),
          proximaId: event.data.proxima?.id ?? row.proximaId,
          ...stamp,
        };
      case 'TaskReopened':
        return { ...row, concluida: false, concluidaEm: null, ...stamp };
      case 'TaskRemoved':
        return { ...row, removedAt: stored.occurredAt, ...stamp };
    }
  },
});

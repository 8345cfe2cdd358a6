import type { Selectable } from 'kysely';
import type { Vacations } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { VACATION_EVENT_TYPES, type VacationEvent } from '../domain/vacation.decider';

/** `vacations`: every period, the removed ones inactive (they leave the list). */
export const vacationsProjection = streamRowProjection<VacationEvent, Selectable<Vacations>>({
  name: 'vacations',
  table: 'vacations',
  eventTypes: VACATION_EVENT_TYPES,
  changeType: 'vacation',
  allStudents: true,
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'VacationStarted')
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...event.data,
        isActive: true,
        createdAt: stored.occurredAt,
        ...stamp,
      };
    return row && { ...row, isActive: false, ...stamp };
  },
});

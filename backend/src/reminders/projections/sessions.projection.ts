import type { Selectable } from 'kysely';
import { SESSION_EVENT_TYPES, type SessionEvent } from '../../contracts/scheduling/events';
import type { ReminderSessions } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';

/** A deleted session keeps its row, with this status: nothing is ever sent for it. */
export const DELETED = 'excluida';

/** `reminder_sessions`: when each session starts, whose it is and whether it is still on. */
export const reminderSessionsProjection = streamRowProjection<
  SessionEvent,
  Selectable<ReminderSessions>
>({
  name: 'reminder-sessions',
  table: 'reminder_sessions',
  eventTypes: SESSION_EVENT_TYPES,
  changeType: 'reminder',
  nextRow(row, stored) {
    const { event } = stored;
    const version = stored.streamVersion;
    if (event.type === 'SessionBooked')
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        studentId: event.data.studentId,
        locationId: event.data.locationId,
        inicio: new Date(event.data.inicio),
        status: 'agendada',
        version,
      };
    if (!row) return undefined;
    switch (event.type) {
      case 'SessionRescheduled':
        return { ...row, inicio: new Date(event.data.inicio), version };
      case 'SessionReassigned':
        return {
          ...row,
          studentId: event.data.studentId ?? row.studentId,
          locationId: event.data.locationId === undefined ? row.locationId : event.data.locationId,
          version,
        };
      case 'SessionStatusChanged':
        return { ...row, status: event.data.to, version };
      case 'SessionDeleted':
        return { ...row, status: DELETED, version };
      default:
        return { ...row, version };
    }
  },
});

import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import type { Selectable } from 'kysely';
import { LOCATION_EVENT_TYPES, type LocationEvent } from '../../contracts/locations/events';
import { SESSION_EVENT_TYPES, type SessionEvent } from '../../contracts/scheduling/events';
import {
  STUDENT_LIFECYCLE_EVENT_TYPES,
  type StudentLifecycleEvent,
} from '../../contracts/students/events';
import type {
  ReminderLocations,
  ReminderSessions,
  ReminderSettings,
  ReminderStudents,
} from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import {
  REMINDER_SETTINGS_EVENT_TYPES,
  type ReminderSettingsEvent,
} from '../domain/reminder-settings.decider';

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

/** `reminder_students`: who gets a reminder, and where (e-mail, WhatsApp). */
export const reminderStudentsProjection = streamRowProjection<
  StudentLifecycleEvent,
  Selectable<ReminderStudents>
>({
  name: 'reminder-students',
  table: 'reminder_students',
  eventTypes: STUDENT_LIFECYCLE_EVENT_TYPES,
  changeType: 'reminder',
  personalData: { set: { nome: PERSONAL_DATA_REMOVED, email: null, whatsapp: null, ativo: false } },
  nextRow(row, stored) {
    const { event } = stored;
    const version = stored.streamVersion;
    if (event.type === 'StudentRegistered')
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        nome: event.data.nome,
        email: event.data.email ?? null,
        whatsapp: event.data.whatsapp ?? null,
        ativo: true,
        version,
      };
    if (!row) return undefined;
    switch (event.type) {
      case 'StudentUpdated':
        return {
          ...row,
          nome: event.data.nome ?? row.nome,
          email: event.data.email === undefined ? row.email : event.data.email,
          whatsapp: event.data.whatsapp === undefined ? row.whatsapp : event.data.whatsapp,
          version,
        };
      case 'StudentReactivated':
        return { ...row, ativo: true, version };
      case 'StudentDeactivated':
      case 'StudentRemoved':
        return { ...row, ativo: false, version };
    }
  },
});

/** `reminder_locations`: the names a reminder says where. */
export const reminderLocationsProjection = streamRowProjection<
  LocationEvent,
  Selectable<ReminderLocations>
>({
  name: 'reminder-locations',
  table: 'reminder_locations',
  eventTypes: LOCATION_EVENT_TYPES,
  changeType: 'reminder',
  nextRow(row, stored) {
    const { event } = stored;
    const version = stored.streamVersion;
    if (event.type === 'LocationCreated')
      return { id: stored.streamId, tenantId: stored.tenantId, nome: event.data.nome, version };
    if (!row) return undefined;
    return event.type === 'LocationUpdated'
      ? { ...row, nome: event.data.nome ?? row.nome, version }
      : { ...row, version };
  },
});

/** `reminder_settings`: one row per trainer who changed the defaults. */
export const reminderSettingsProjection = streamRowProjection<
  ReminderSettingsEvent,
  Selectable<ReminderSettings>
>({
  name: 'reminder-settings',
  table: 'reminder_settings',
  eventTypes: REMINDER_SETTINGS_EVENT_TYPES,
  changeType: 'reminder',
  nextRow: (_row, stored) => ({
    id: stored.streamId,
    tenantId: stored.tenantId,
    ...stored.event.data,
    version: stored.streamVersion,
  }),
});

export const REMINDER_PROJECTIONS = [
  reminderSessionsProjection,
  reminderStudentsProjection,
  reminderLocationsProjection,
  reminderSettingsProjection,
];
export const REMINDER_PROJECTION_NAMES = REMINDER_PROJECTIONS.map((projection) => projection.name);

import type { Selectable } from 'kysely';
import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import {
  STUDENT_LIFECYCLE_EVENT_TYPES,
  type StudentLifecycleEvent,
} from '../../contracts/students/events';
import type { ReminderStudents } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';

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

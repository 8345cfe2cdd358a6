import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import type { Selectable } from 'kysely';
import { LOCATION_EVENT_TYPES, type LocationEvent } from '../../contracts/locations/events';
import {
  STUDENT_LIFECYCLE_EVENT_TYPES,
  type StudentLifecycleEvent,
} from '../../contracts/students/events';
import type { StoredEvent } from '../../platform/event-store/event';
import type {
  SchedulingLocations,
  SchedulingStudents,
} from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';

type NamedRow = Selectable<SchedulingStudents> | Selectable<SchedulingLocations>;

/** The name and active flag of a student or a location, from its own published events. */
function nextNamedRow<Row extends NamedRow>(
  row: Row | undefined,
  stored: StoredEvent & { event: StudentLifecycleEvent | LocationEvent },
): Row | undefined {
  const { event } = stored;
  const version = stored.streamVersion;
  if (event.type === 'StudentRegistered' || event.type === 'LocationCreated') {
    return {
      id: stored.streamId,
      tenantId: stored.tenantId,
      nome: event.data.nome,
      ativo: true,
      version,
      removedAt: null,
    } as Row;
  }
  if (!row) return undefined;
  switch (event.type) {
    case 'StudentUpdated':
    case 'LocationUpdated':
      return { ...row, nome: event.data.nome ?? row.nome, version };
    case 'StudentDeactivated':
    case 'LocationDeactivated':
      return { ...row, ativo: false, version };
    case 'StudentReactivated':
    case 'LocationReactivated':
      return { ...row, ativo: true, version };
    case 'StudentRemoved':
    case 'LocationRemoved':
      return { ...row, removedAt: stored.occurredAt, version };
    case 'CancellationPolicySet':
      return { ...row, version };
  }
}

/**
 * `scheduling_students`: the names the agenda shows and the count the dashboard shows, kept from
 * the students' published events (this context never reads another context's tables), and whether
 * a public booking registered them (a visitor).
 */
export const schedulingStudentsProjection = streamRowProjection<
  StudentLifecycleEvent,
  Selectable<SchedulingStudents>
>({
  name: 'scheduling-students',
  table: 'scheduling_students',
  eventTypes: STUDENT_LIFECYCLE_EVENT_TYPES,
  changeType: 'directory',
  personalData: { set: { nome: PERSONAL_DATA_REMOVED } },
  nextRow: (row, stored) => {
    const next = nextNamedRow(row, stored);
    if (!next || stored.event.type !== 'StudentRegistered') return next;
    return { ...next, visitante: stored.event.data.visitante === true };
  },
});

/** `scheduling_locations`: likewise, from the locations' published events. */
export const schedulingLocationsProjection = streamRowProjection<
  LocationEvent,
  Selectable<SchedulingLocations>
>({
  name: 'scheduling-locations',
  table: 'scheduling_locations',
  eventTypes: LOCATION_EVENT_TYPES,
  changeType: 'directory',
  nextRow: nextNamedRow,
});

import type { Selectable } from 'kysely';
import { LOCATION_EVENT_TYPES, type LocationEvent } from '../../contracts/locations/events';
import type { ReminderLocations } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';

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

import type { Selectable } from 'kysely';
import type { Locations } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { LOCATION_EVENT_TYPES, type LocationEvent } from '../../contracts/locations/events';

/** `locations`: one row per location, its cancellation policy in its columns. */
export const locationsProjection = streamRowProjection<LocationEvent, Selectable<Locations>>({
  name: 'locations',
  table: 'locations',
  eventTypes: LOCATION_EVENT_TYPES,
  changeType: 'location',
  allStudents: true,
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'LocationCreated') {
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...event.data,
        partes: event.data.partes ?? null,
        ativo: true,
        cancelLimiteHoras: 24,
        taxaPercent: '0',
        queimaCredito: false,
        createdAt: stored.occurredAt,
        removedAt: null,
        ...stamp,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'LocationUpdated':
        return { ...row, ...event.data, ...stamp };
      case 'LocationDeactivated':
        return { ...row, ativo: false, ...stamp };
      case 'LocationReactivated':
        return { ...row, ativo: true, ...stamp };
      case 'CancellationPolicySet':
        return { ...row, ...event.data, taxaPercent: String(event.data.taxaPercent), ...stamp };
      case 'LocationRemoved':
        return { ...row, removedAt: stored.occurredAt, ...stamp };
    }
  },
});

import { sql } from 'kysely';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';
import { AVAILABILITY_EVENT_TYPES, type AvailabilityEvent } from '../domain/availability.decider';

/** `availability_settings`: each trainer's rows as last saved, in the order they were sent. */
export const availabilityProjection: Projection = {
  name: 'availability',
  tables: ['availability_settings'],
  eventTypes: AVAILABILITY_EVENT_TYPES,
  async apply(batch, trx) {
    // The last save of each trainer in the batch is the one that stands.
    const latest = new Map<
      string,
      { version: number; items: AvailabilityEvent['data']['items'] }
    >();
    for (const stored of eventsOfTypes<AvailabilityEvent>(batch, AVAILABILITY_EVENT_TYPES))
      latest.set(stored.tenantId, {
        version: stored.streamVersion,
        items: stored.event.data.items,
      });
    const changes: ProjectionChange[] = [];
    for (const [tenantId, { version, items }] of latest) {
      // A replayed batch finds a save as recent or newer there already: it changes nothing.
      const current = await sql<{ version: number }>`
        select max(version) as version from availability_settings where tenant_id = ${tenantId}::uuid`.execute(
        trx,
      );
      const stored = current.rows[0]?.version;
      if (stored !== null && stored !== undefined && stored >= version) continue;
      await trx.deleteFrom('availabilitySettings').where('tenantId', '=', tenantId).execute();
      if (items.length > 0) {
        await trx
          .insertInto('availabilitySettings')
          .values(items.map((item, ordem) => ({ tenantId, ordem, version, ...item })))
          .execute();
      }
      changes.push({ tenantId, type: 'availability', id: tenantId, allStudents: true });
    }
    return changes;
  },
};

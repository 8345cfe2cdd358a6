import type { CancellationPolicy, LocationDetails } from '../../contracts/locations';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a location's stream, its cancellation policy included. */
export const locationEvents = {
  LocationCreated: eventData<LocationDetails>(),
  /** Only the fields that changed. */
  LocationUpdated: eventData<Partial<LocationDetails>>(),
  LocationDeactivated: eventData<Record<string, never>>(),
  LocationReactivated: eventData<Record<string, never>>(),
  CancellationPolicySet: eventData<CancellationPolicy>(),
  LocationRemoved: eventData<Record<string, never>>(),
};

export type LocationEvent = EventsOf<typeof locationEvents>;
export const LOCATION_EVENT_TYPES = eventTypesOf(locationEvents);

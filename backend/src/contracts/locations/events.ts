import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import type { CancellationPolicy, LocationDetails } from './api';

/**
 * The events of a location's stream, its cancellation policy included, all published: the
 * scheduling and reminders contexts keep names and states from them. Stream type 'location',
 * id = the location's id.
 */
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

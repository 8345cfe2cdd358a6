import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import type { CancellationPolicy, LocationAddressParts, LocationDetails } from './api';

/**
 * The events of a location's stream, its cancellation policy included, all published: the
 * scheduling and reminders contexts keep names and states from them. Stream type 'location',
 * id = the location's id.
 */
/** A location as its events carry it: locations made before their address was kept in parts lack `partes`. */
export type LocationDetailsData = Omit<LocationDetails, 'partes'> & { partes?: LocationAddressParts | null };

export const locationEvents = {
  LocationCreated: eventData<LocationDetailsData>(),
  /** Only the fields that changed. */
  LocationUpdated: eventData<Partial<LocationDetailsData>>(),
  LocationDeactivated: eventData<Record<string, never>>(),
  LocationReactivated: eventData<Record<string, never>>(),
  CancellationPolicySet: eventData<CancellationPolicy>(),
  LocationRemoved: eventData<Record<string, never>>(),
};
export type LocationEvent = EventsOf<typeof locationEvents>;
export const LOCATION_EVENT_TYPES = eventTypesOf(locationEvents);

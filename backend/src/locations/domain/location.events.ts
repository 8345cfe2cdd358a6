import type { LocationEventData } from '../../contracts/locations';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a location's stream, its cancellation policy included (published in contracts). */
export const locationEvents = {
  LocationCreated: eventData<LocationEventData['LocationCreated']>(),
  LocationUpdated: eventData<LocationEventData['LocationUpdated']>(),
  LocationDeactivated: eventData<LocationEventData['LocationDeactivated']>(),
  LocationReactivated: eventData<LocationEventData['LocationReactivated']>(),
  CancellationPolicySet: eventData<LocationEventData['CancellationPolicySet']>(),
  LocationRemoved: eventData<LocationEventData['LocationRemoved']>(),
} satisfies { [Type in keyof LocationEventData]: LocationEventData[Type] };

export type LocationEvent = EventsOf<typeof locationEvents>;
export const LOCATION_EVENT_TYPES = eventTypesOf(locationEvents);

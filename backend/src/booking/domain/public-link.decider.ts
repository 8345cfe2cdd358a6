import { v5 as uuidv5 } from 'uuid';
import { DEFAULT_PUBLIC_LINK, type PublicLinkSettings } from '../../contracts/booking/api';
import type { Decider } from '../../platform/event-store/decider';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a trainer's public link stream: every save states the settings whole. */
export const publicLinkEvents = {
  PublicLinkSettingsChanged: eventData<PublicLinkSettings>(),
};
export type PublicLinkEvent = EventsOf<typeof publicLinkEvents>;
export const PUBLIC_LINK_EVENT_TYPES = eventTypesOf(publicLinkEvents);

export type PublicLinkCommand = { type: 'SetPublicLink'; settings: PublicLinkSettings };

/** Namespace of the public link streams' ids (fixed forever). */
const PUBLIC_LINK_NAMESPACE = '4a7c2e91-8d3b-4f60-b5e1-92c7a0d4f318';

/** The one public link stream of a trainer. */
export const publicLinkStreamId = (tenantId: string): string =>
  uuidv5(tenantId, PUBLIC_LINK_NAMESPACE);

const sameLocations = (a: string[] | null, b: string[] | null) =>
  a === null || b === null
    ? a === b
    : a.length === b.length && [...a].sort().join() === [...b].sort().join();

const same = (a: PublicLinkSettings, b: PublicLinkSettings) =>
  a.enabled === b.enabled &&
  a.whatsapp === b.whatsapp &&
  a.daysAhead === b.daysAhead &&
  a.bufferMinutes === b.bufferMinutes &&
  a.slotMinutes === b.slotMinutes &&
  a.maxPerDay === b.maxPerDay &&
  sameLocations(a.locationIds, b.locationIds);

/** The settings as last saved (the defaults before); saving them as they are writes nothing. */
export const publicLinkDecider: Decider<PublicLinkCommand, PublicLinkEvent, PublicLinkSettings> = {
  streamType: 'public-link',
  initialState: () => DEFAULT_PUBLIC_LINK,
  // Settings saved before the WhatsApp was chosen here show none.
  evolve: (_state, event) => ({ ...DEFAULT_PUBLIC_LINK, ...event.data }),
  decide: (command, state) =>
    same(state, command.settings)
      ? []
      : [{ type: 'PublicLinkSettingsChanged', data: command.settings }],
};

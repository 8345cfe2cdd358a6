import { chargeEvents } from '../../contracts/charges/events';
import type { PixSettings } from '../../contracts/charges/pix';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a charge's stream: all of them published (contracts/charges/events.ts). */
export const chargeStreamEvents = { ...chargeEvents };
export type ChargeEvent = EventsOf<typeof chargeStreamEvents>;
export const CHARGE_STREAM_EVENT_TYPES = eventTypesOf(chargeStreamEvents);

/** The events of a trainer's PIX settings stream: every save replaces the whole settings. */
export const pixSettingsEvents = {
  PixSettingsSet: eventData<PixSettings>(),
};
export type PixSettingsEvent = EventsOf<typeof pixSettingsEvents>;

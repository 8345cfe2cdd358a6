import type { ChargeEventData } from '../../contracts/charges';
import type { PixSettings } from '../../contracts/pix';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a charge's stream (published in contracts/charges.ts). */
export const chargeEvents = {
  ChargeCreated: eventData<ChargeEventData['ChargeCreated']>(),
  ChargePaid: eventData<ChargeEventData['ChargePaid']>(),
  ChargeCancelled: eventData<ChargeEventData['ChargeCancelled']>(),
};
export type ChargeEvent = EventsOf<typeof chargeEvents>;
export const CHARGE_STREAM_EVENT_TYPES = eventTypesOf(chargeEvents);

/** The events of a trainer's PIX settings stream: every save replaces the whole settings. */
export const pixSettingsEvents = {
  PixSettingsSet: eventData<PixSettings>(),
};
export type PixSettingsEvent = EventsOf<typeof pixSettingsEvents>;

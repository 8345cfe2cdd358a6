import { chargeEvents } from '../../contracts/charges/events';
import { type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a charge's stream: all of them published (contracts/charges/events.ts). */
export const chargeStreamEvents = { ...chargeEvents };
export type ChargeEvent = EventsOf<typeof chargeStreamEvents>;
export const CHARGE_STREAM_EVENT_TYPES = eventTypesOf(chargeStreamEvents);

/** The trainer's PIX settings stream: published (contracts/charges/events.ts). */
export type { PixSettingsEvent } from '../../contracts/charges/events';

import { transactionEvents } from '../../contracts/finance/events';
import { type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a transaction's stream: all of them published (contracts/finance/events.ts). */
export const transactionStreamEvents = { ...transactionEvents };

export type TransactionStreamEvent = EventsOf<typeof transactionStreamEvents>;
export const TRANSACTION_STREAM_EVENT_TYPES = eventTypesOf(transactionStreamEvents);

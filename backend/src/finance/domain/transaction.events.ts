import type { TransactionEventData } from '../../contracts/finance';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a transaction's stream (published in contracts/finance.ts). */
export const transactionEvents = {
  TransactionRecorded: eventData<TransactionEventData['TransactionRecorded']>(),
  TransactionVoided: eventData<TransactionEventData['TransactionVoided']>(),
};

export type TransactionStreamEvent = EventsOf<typeof transactionEvents>;
export const TRANSACTION_STREAM_EVENT_TYPES = eventTypesOf(transactionEvents);

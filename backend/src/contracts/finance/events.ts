import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import { declarePersonalData } from '../shared/personal-data';
import type { Allocation, PaymentMethod, ReferenceType, TransactionTipo } from './api';

/**
 * What a transaction's stream says (stream type 'transaction', id = the transaction's id), for
 * other contexts (students' history, receipts, charges): type names and data shapes, fixed.
 */
export const TRANSACTION_STREAM_TYPE = 'transaction';

export interface TransactionFacts {
  tipo: TransactionTipo;
  valorCentavos: number;
  data: string;
  descricao: string;
  metodoPagamento: PaymentMethod;
  studentId: string | null;
  referenciaId: string | null;
  referenciaTipo: ReferenceType | null;
  /** Receitas only; sums to valorCentavos. */
  allocations: Allocation[];
}

export const transactionEvents = {
  TransactionRecorded: eventData<TransactionFacts>(),
  /** Taken out of every total; carries what it takes out, so readers need no other state. */
  TransactionVoided: eventData<TransactionFacts>(),
};
/**
 * A student's transaction's description may name them; its amount, date and method are the fiscal
 * record the trainer keeps.
 */
const description = { subject: 'studentId', fields: ['descricao'] } as const;
export const transactionPersonalData = declarePersonalData(transactionEvents, {
  TransactionRecorded: description,
  TransactionVoided: description,
});
export type TransactionEvent = EventsOf<typeof transactionEvents>;
export const TRANSACTION_EVENT_TYPES = eventTypesOf(transactionEvents);

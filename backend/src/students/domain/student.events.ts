import type { StudentEventData } from '../../contracts/students';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

interface CreditMovement {
  reason: string;
  sessionId: string | null;
  balanceAfter: number;
}

/** Every movement of a student's credit balance; each one is a line of the audit trail. */
export const creditEvents = {
  CreditsGranted: eventData<{
    amount: number;
    reason: string;
    transactionId: string | null;
    balanceAfter: number;
  }>(),
  CreditConsumed: eventData<CreditMovement>(),
  CreditRefunded: eventData<CreditMovement>(),
  CreditBurned: eventData<CreditMovement>(),
};

/** The events of a student's stream: its lifecycle (published in contracts) and its credits. */
export const studentEvents = {
  StudentRegistered: eventData<StudentEventData['StudentRegistered']>(),
  StudentUpdated: eventData<StudentEventData['StudentUpdated']>(),
  StudentDeactivated: eventData<StudentEventData['StudentDeactivated']>(),
  StudentReactivated: eventData<StudentEventData['StudentReactivated']>(),
  StudentRemoved: eventData<StudentEventData['StudentRemoved']>(),
  ...creditEvents,
};

export type StudentEvent = EventsOf<typeof studentEvents>;
export type CreditEvent = EventsOf<typeof creditEvents>;

export const STUDENT_EVENT_TYPES = eventTypesOf(studentEvents);
export const CREDIT_EVENT_TYPES = eventTypesOf(creditEvents);

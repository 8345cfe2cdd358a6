import type { StudentProfile } from '../../contracts/students';
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

/** The events of a student's stream. */
export const studentEvents = {
  StudentRegistered: eventData<StudentProfile>(),
  /** Only the fields that changed; `null` clears an optional field. */
  StudentUpdated: eventData<Partial<StudentProfile>>(),
  StudentDeactivated: eventData<Record<string, never>>(),
  StudentReactivated: eventData<Record<string, never>>(),
  StudentRemoved: eventData<Record<string, never>>(),
  ...creditEvents,
};

export type StudentEvent = EventsOf<typeof studentEvents>;
export type CreditEvent = EventsOf<typeof creditEvents>;

export const STUDENT_EVENT_TYPES = eventTypesOf(studentEvents);
export const CREDIT_EVENT_TYPES = eventTypesOf(creditEvents);

import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import { declarePersonalData } from '../shared/personal-data';
import type { StudentProfile } from './api';

/**
 * The events of a student's stream other contexts read (the scheduling context keeps names and
 * counts from them): stream type 'student', id = the student's id.
 */
export const studentLifecycleEvents = {
  /**
   * `visitante`: registered by a booking on the public page (not by the trainer); the dashboard
   * counts them once the trainer confirms a session of theirs.
   */
  StudentRegistered: eventData<StudentProfile & { visitante?: true }>(),
  /** Only the fields that changed; `null` clears an optional field. */
  StudentUpdated: eventData<Partial<StudentProfile>>(),
  StudentDeactivated: eventData<Record<string, never>>(),
  StudentReactivated: eventData<Record<string, never>>(),
  StudentRemoved: eventData<Record<string, never>>(),
};
const profile = {
  subject: 'stream',
  fields: ['nome', 'telefone', 'whatsapp', 'email', 'observacoes'],
} as const;
/** The student's (or visitor's) profile is theirs. */
export const studentPersonalData = declarePersonalData(studentLifecycleEvents, {
  StudentRegistered: profile,
  StudentUpdated: profile,
});
export type StudentLifecycleEvent = EventsOf<typeof studentLifecycleEvents>;
export const STUDENT_LIFECYCLE_EVENT_TYPES = eventTypesOf(studentLifecycleEvents);

interface CreditMovement {
  reason: string;
  sessionId: string | null;
  balanceAfter: number;
}

/**
 * The events of a student's stream that move the credit balance; each one is a line of the audit
 * trail and carries the balance after it (`data.balanceAfter`): the balance is the last one's.
 * Published for the checks that must be exact inside another context's transaction (a student's
 * booking reserves a credit).
 */
export const creditBalanceEvents = {
  CreditsGranted: eventData<{
    amount: number;
    reason: string;
    transactionId: string | null;
    balanceAfter: number;
  }>(),
  CreditConsumed: eventData<CreditMovement>(),
  CreditRefunded: eventData<CreditMovement>(),
  CreditBurned: eventData<CreditMovement>(),
  /** Credits taken back (a renewal undone); never more than the balance. */
  CreditsRemoved: eventData<{ amount: number; reason: string; balanceAfter: number }>(),
};
export type CreditBalanceEvent = EventsOf<typeof creditBalanceEvents>;
export const CREDIT_BALANCE_EVENT_TYPES = eventTypesOf(creditBalanceEvents);

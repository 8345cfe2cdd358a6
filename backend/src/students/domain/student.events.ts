import type { DomainEvent } from '../../platform/event-store/event';

export const STUDENT_STREAM = 'student';

export interface StudentProfile {
  nome: string;
  /** Digits only. */
  telefone: string | null;
  /** Digits only. */
  whatsapp: string | null;
  email: string | null;
  planoId: string | null;
  observacoes: string | null;
}

export type StudentRegistered = DomainEvent<'StudentRegistered', StudentProfile>;
/** Only the fields that changed; `null` clears an optional field. */
export type StudentUpdated = DomainEvent<'StudentUpdated', Partial<StudentProfile>>;
export type StudentRemoved = DomainEvent<'StudentRemoved', Record<string, never>>;
export type CreditsGranted = DomainEvent<
  'CreditsGranted',
  { amount: number; reason: string; transactionId: string | null; balanceAfter: number }
>;
export type CreditConsumed = DomainEvent<
  'CreditConsumed',
  { reason: string; sessionId: string | null; balanceAfter: number }
>;
export type CreditRefunded = DomainEvent<
  'CreditRefunded',
  { reason: string; sessionId: string | null; balanceAfter: number }
>;
export type CreditBurned = DomainEvent<
  'CreditBurned',
  { reason: string; sessionId: string | null; balanceAfter: number }
>;

export type StudentEvent =
  | StudentRegistered
  | StudentUpdated
  | StudentRemoved
  | CreditsGranted
  | CreditConsumed
  | CreditRefunded
  | CreditBurned;

export type StudentEventType = StudentEvent['type'];

export const STUDENT_EVENT_TYPES: readonly StudentEventType[] = [
  'StudentRegistered',
  'StudentUpdated',
  'StudentRemoved',
  'CreditsGranted',
  'CreditConsumed',
  'CreditRefunded',
  'CreditBurned',
];

export const CREDIT_EVENT_TYPES: readonly StudentEventType[] = [
  'CreditsGranted',
  'CreditConsumed',
  'CreditRefunded',
  'CreditBurned',
];

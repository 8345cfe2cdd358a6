import type { PersonalDataExport } from '../shared/personal-data';
import type { CreditHistoryItem, Student } from './api';

/**
 * What other contexts read of a student, through this port (the students context provides it;
 * a context never imports another one).
 */
export abstract class StudentDirectory {
  abstract find(tenantId: string, studentId: string): Promise<Student | undefined>;
  /** The names of these students by id ('Titular removido' once erased); unknown ids are left out. */
  abstract names(tenantId: string, studentIds: readonly string[]): Promise<Map<string, string>>;
  /** The student's credit history; undefined when there is no such student. */
  abstract history(tenantId: string, studentId: string): Promise<CreditHistoryItem[] | undefined>;
  /** Everything the database holds about the student (LGPD); undefined when there is no such student. */
  abstract personalData(tenantId: string, studentId: string): Promise<PersonalDataExport | undefined>;
}

/**
 * Credits on attendance, run at once for the answer of a session's change (the students context
 * provides it; its process manager does the same in the worker, with the same idempotency keys,
 * so whichever runs second sends nothing).
 */
export abstract class SessionCredits {
  /**
   * Settles the credit movements of the session's events up to the one at `position` (a command's
   * result): consumed when done, refunded when undone, burned on a late cancellation.
   * `noCredits` when the event at `position` found the student's balance at zero.
   */
  abstract settle(
    tenantId: string,
    sessionId: string,
    position: number,
  ): Promise<{ noCredits: boolean }>;
}

/**
 * The student a visitor is, by phone (the students context provides it): the tenant's student
 * whose telefone or WhatsApp is these digits, or the one a previous visitor with this phone became,
 * answered with their id and the name the trainer knows them by. Otherwise the student they would
 * become: an id and `register`, which sends their registration (this name and phone, as a
 * visitor). A visitor becomes a student only with a booked session, so `register` is sent in the
 * booking's own transaction (SlotBookingRequest.withBooking); concurrent bookings of one new phone
 * register one student.
 */
export abstract class StudentsByPhone {
  abstract find(
    actor: {
      tenantId: string;
      actorId: string;
      actorRole: 'personal' | 'aluno' | 'system';
      correlationId: string;
    },
    visitor: { nome: string; telefone: string },
  ): Promise<{ id: string; nome: string; register?: () => Promise<void> }>;
}

/**
 * A student's own request that their data be erased (the students context provides it): recorded
 * on their stream once, and the trainer told by e-mail; the trainer then confirms with the
 * erasure. 409 erasure_already_requested when it was asked before.
 */
export abstract class ErasureRequests {
  abstract request(
    actor: {
      tenantId: string;
      actorId: string;
      actorRole: 'personal' | 'aluno' | 'system';
      correlationId: string;
    },
    studentId: string,
  ): Promise<{ id: string; position: number }>;
}

/** The students context's read models of a student and their credits, for routes of other contexts that wait for them. */
export const STUDENT_READ_MODELS = ['students', 'credit-ledger'] as const;

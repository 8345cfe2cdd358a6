import type { StudentSession } from '../student-area/api';
import type { BookedSlot, OpenSlot, SlotRules } from './api';
import type { SessionOrigin } from './events';

/**
 * What other contexts call of the agenda (the scheduling context provides them): the slot engine
 * online booking and self-scheduling share, and a student's own sessions for the student area.
 */

/** Who books (structurally a command context: the tenant, the actor, the correlation). */
export interface SlotBookingActor {
  tenantId: string;
  actorId: string;
  actorRole: 'personal' | 'aluno' | 'system';
  correlationId: string;
  idempotency?: { key: string; fingerprint: string };
}

export interface SlotBookingRequest {
  studentId: string;
  locationId: string;
  /** The slot's start, as the slots listed it (any ISO 8601 instant). */
  inicio: string;
  /**
   * 'aluno': a student booking their own session, which holds one of their credits: their balance
   * must exceed their sessions agendadas still to come (each will consume one), checked by the
   * schedule rules under the trainer's lock, so simultaneous bookings cannot share the last
   * credit; else 409 no_credits.
   */
  origin: Exclude<SessionOrigin, 'personal'>;
  observacoes?: string | null;
  /** A visitor's own name when their phone is the student's under another (see SessionBooking). */
  nomeInformado?: string;
  rules?: Partial<SlotRules>;
  /**
   * Commands of another context that commit with the booking or not at all (a visitor's
   * registration as a student): sent inside the booking's transaction once the slot is re-checked
   * under the lock, so a refused booking leaves nothing of them.
   */
  withBooking?: () => Promise<void>;
}

/**
 * Online booking's port into the agenda (the scheduling context provides it): the open slots of
 * a trainer for a location from a day (the engine: availability, default 09:00–17:00, minus
 * non-cancelled sessions at any location with the buffer around them, vacations and past times,
 * cut in America/Sao_Paulo), and the booking of one of them. The booking re-checks the slot with
 * the same engine under the trainer's schedule lock: of concurrent bookings of one slot (or one
 * near it, or the trainer's own booking over it) exactly one wins; the others get 409
 * SLOT_TAKEN. An unknown student or location: 404.
 */
export abstract class SlotBooking {
  abstract openSlots(
    tenantId: string,
    locationId: string,
    from: string,
    rules?: Partial<SlotRules>,
  ): Promise<OpenSlot[]>;
  abstract bookSlot(actor: SlotBookingActor, request: SlotBookingRequest): Promise<BookedSlot>;
}

/**
 * A student's next booked sessions, for the student area: the scheduling context provides it.
 * Only `agendada` sessions starting after `now`, by start.
 */
export abstract class StudentSchedule {
  abstract upcoming(
    tenantId: string,
    studentId: string,
    now: Date,
    limit: number,
  ): Promise<Omit<StudentSession, 'politica'>[]>;
  /** How many sessions agendada of the student are not over yet (they hold credits). */
  abstract agendadas(tenantId: string, studentId: string, now: Date): Promise<number>;
  /**
   * The student cancels one of their own agendada sessions (the trainer's rules: inside the
   * location policy's limit with queima_credito it burns a credit). Another student's session: 404.
   */
  abstract cancel(
    actor: SlotBookingActor,
    studentId: string,
    sessionId: string,
  ): Promise<{ id: string; position: number; creditoQueimado: boolean }>;
}

/**
 * A student's answer to a session's reminder, a quick-reply button on WhatsApp (the scheduling
 * context provides it; the messaging context's process manager calls it, keyed by the reply's
 * event): 'confirmo' marks the session confirmed by the student, 'remarcar' records a request to
 * reschedule that the trainer sees on the agenda and the dashboard. An answer to a session no
 * longer agendada (or gone) changes nothing.
 */
export abstract class ReminderAnswers {
  abstract answer(
    actor: SlotBookingActor & { causationId?: string },
    sessionId: string,
    resposta: 'confirmo' | 'remarcar',
    messageId: string,
  ): Promise<void>;
}

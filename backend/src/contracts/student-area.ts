import { z } from 'zod';
import type { CancellationPolicy } from './locations';
import type { SlotBookingActor } from './scheduling';
import { isIsoDate } from './time';

/** A next session as the student sees it, with the policy of its location (the UI warns before a late cancel). */
export interface StudentSession {
  id: string;
  inicio: string;
  fim: string;
  locationId: string | null;
  locationNome: string | null;
  /** The cancellation policy of the session's location; null without a location. */
  politica: CancellationPolicy | null;
}

/** GET /api/student/me: what a student sees first in their area. */
export interface StudentArea {
  nome: string;
  creditos: number;
  /** The credits not held by a session agendada still to come: what the student may still book with. */
  creditosLivres: number;
  /** The next agendada sessions, up to 5. */
  proximasSessoes: StudentSession[];
  /** Active contracts the student has not signed yet. */
  contratosPendentes: number;
  /** `telefone`: the trainer's digits for the WhatsApp link, or null. */
  trainer: { nome: string; slug: string; telefone: string | null };
}

/** How many next sessions the student area shows (spec 000 §9). */
export const STUDENT_AREA_NEXT_SESSIONS = 5;

/**
 * Every session agendada still to come will consume a credit when done: it holds one meanwhile.
 * A student books only with a credit left free (409 NO_CREDITS otherwise).
 */
export const freeCredits = (creditos: number, agendadas: number): number =>
  Math.max(0, creditos - agendadas);

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

/** 409 of a self-booking without a credit (spec 001: 'Aluno sem créditos disponíveis'). */
export const NO_CREDITS = {
  code: 'no_credits',
  message: 'Aluno sem créditos disponíveis',
} as const;
/** 409 of cancelling a session that is not agendada any more. */
export const NOT_CANCELLABLE = {
  code: 'not_cancellable',
  message: 'Só uma sessão agendada pode ser cancelada',
} as const;

/** GET /api/student/slots?locationId=&from=YYYY-MM-DD */
export const studentSlotsQuerySchema = z.strictObject({
  locationId: z.uuid('Local inválido'),
  from: z
    .string('Data inicial inválida')
    .refine(isIsoDate, 'Data inicial inválida (use AAAA-MM-DD)')
    .optional(),
});
export type StudentSlotsQuery = z.output<typeof studentSlotsQuerySchema>;

/** POST /api/student/bookings */
export const studentBookingSchema = z.strictObject({
  locationId: z.uuid('Local inválido'),
  inicio: z
    .string('Horário de início inválido')
    .max(40, 'Horário de início inválido')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Horário de início inválido'),
});
export type StudentBookingInput = z.output<typeof studentBookingSchema>;

/** GET /api/student/locations: where the student can book. */
export interface StudentLocation {
  id: string;
  nome: string;
  endereco: string | null;
  politica: CancellationPolicy;
}

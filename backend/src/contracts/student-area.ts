/** GET /api/student/me: what a student sees first in their area. */
export interface StudentArea {
  nome: string;
  creditos: number;
  /** The next agendada sessions, up to 5. */
  proximasSessoes: { id: string; inicio: string; fim: string; locationNome: string | null }[];
  /** Active contracts the student has not signed yet. */
  contratosPendentes: number;
  /** `telefone`: the trainer's digits for the WhatsApp link, or null. */
  trainer: { nome: string; slug: string; telefone: string | null };
}

/** How many next sessions the student area shows (spec 000 §9). */
export const STUDENT_AREA_NEXT_SESSIONS = 5;

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
  ): Promise<StudentArea['proximasSessoes']>;
}

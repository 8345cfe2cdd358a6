import { freeCredits } from '../../contracts/student-area/api';

/**
 * The rules every booking path obeys — the trainer's booking, a weekly series, an edit of one
 * session or of 'Esta e as próximas', a drag, a student's self-scheduling and a visitor's public
 * booking — decided here, once, purely. The schedule guard (commands/schedule-guard.ts) reads the
 * facts under the trainer's lock, in the command's transaction, and asks this function.
 */

/** The time one session claims, as a command leaves it. */
export interface TimeClaim {
  sessionId: string;
  inicio: string;
  fim: string;
  /** A cancelled session holds no time: only its range is checked. */
  takesTime: boolean;
  /**
   * The trainer said, for this time, that it may overlap others ('Agendar mesmo assim'). Moving the
   * session claims a new time and asks again.
   */
  allowOverlap: boolean;
  /** A student booking their own session: it holds one of their credits until attended. */
  reservesCredit: boolean;
}

export interface BookedTime {
  sessionId: string;
  studentId: string;
  inicio: string;
  fim: string;
}

/** What the rules look at, read together in the command's transaction. */
export interface ScheduleFacts {
  /** The trainer's active vacations, each from its first midnight to the one after its last day. */
  vacations: readonly { from: string; to: string }[];
  /** The trainer's other sessions that hold time (neither cancelled nor deleted), at any location. */
  sessions: readonly BookedTime[];
  /** The student's balance and their sessions agendadas still to come; read when a credit is reserved. */
  credits?: { balance: number; reserved: number };
}

export type ScheduleRefusal =
  | { rule: 'invalid_range' }
  | { rule: 'blocked_period' }
  | { rule: 'schedule_conflict'; with: BookedTime }
  | { rule: 'no_credits' };

const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  a.from < b.to && b.from < a.to;
const span = (inicio: string, fim: string) => ({ from: Date.parse(inicio), to: Date.parse(fim) });

/**
 * Why `claim` cannot be written, or undefined when it can: an end not after the start; a time
 * inside a vacation; a time over another session of the trainer (back to back is no overlap),
 * the earliest one named, unless the trainer allowed it for this time; a student's own booking
 * without a credit left free (each session agendada still to come holds one).
 */
export function scheduleRefusal(
  claim: TimeClaim,
  facts: ScheduleFacts,
): ScheduleRefusal | undefined {
  const time = span(claim.inicio, claim.fim);
  if (!(time.to > time.from)) return { rule: 'invalid_range' };
  if (!claim.takesTime) return undefined;
  if (facts.vacations.some((vacation) => overlaps(time, span(vacation.from, vacation.to))))
    return { rule: 'blocked_period' };
  if (!claim.allowOverlap) {
    const taken = facts.sessions
      .filter((other) => other.sessionId !== claim.sessionId)
      .filter((other) => overlaps(time, span(other.inicio, other.fim)))
      .sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio))[0];
    if (taken) return { rule: 'schedule_conflict', with: taken };
  }
  if (claim.reservesCredit) {
    const { balance, reserved } = facts.credits ?? { balance: 0, reserved: 0 };
    if (freeCredits(balance, reserved) <= 0) return { rule: 'no_credits' };
  }
  return undefined;
}

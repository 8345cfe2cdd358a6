import { type Kysely, sql } from 'kysely';
import {
  BLOCKED_PERIOD,
  SCHEDULE_CONFLICT,
  scheduleConflictMessage,
  STUDENT_NOT_FOUND_LABEL,
} from '../../contracts/scheduling';
import { STUDENT_LIFECYCLE_EVENT_TYPES } from '../../contracts/students';
import type { Database } from '../../platform/database/database';
import { ConflictError } from '../../platform/errors/domain-error';

/** The time a session takes, as the guard checks it. */
export interface TimeClaim {
  sessionId: string;
  inicio: string;
  fim: string;
  /** The trainer booked it to overlap on purpose (group training): others do not refuse it. */
  allowOverlap: boolean;
}

/**
 * The rules across a trainer's sessions and vacations, checked inside the command's transaction
 * (an inline projection) under one lock per trainer.
 *
 * Why a lock rather than an exclusion constraint: a constraint can only say "no two rows overlap",
 * symmetrically, on one table. The rules here are wider: a session booked with `allowOverlap` may
 * overlap others, yet a later booking without it must still be refused when it overlaps that one
 * (an asymmetry a constraint cannot state); a session may not fall inside a vacation (another
 * table); and the slot rules of student and public booking (availability, buffers, one pending
 * booking per phone) come next. Under the per-trainer lock every such rule is a plain
 * check-then-write that is exact under any concurrency, written once in SQL and TypeScript. The
 * lock is held only from the check to the commit of one command, and only by commands that
 * claim time or block it (bookings, moves, reactivations, vacations); trainers do not wait for
 * one another (two of them share a key only on a 32-bit hash collision, and then merely take turns).
 */
export const scheduleGuard = {
  /** Serializes the trainer's schedule checks and vacation changes until the transaction ends. */
  async lock(trx: Kysely<Database>, tenantId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('schedule'), hashtext(${tenantId}))`.execute(
      trx,
    );
  },

  /**
   * Refuses (throws, rolling the command back) a session inside an active vacation (409
   * blocked_period) or overlapping another non-cancelled session of the trainer at any location
   * (409 schedule_conflict), unless it was booked to overlap.
   */
  async check(trx: Kysely<Database>, tenantId: string, claim: TimeClaim): Promise<void> {
    await scheduleGuard.lock(trx, tenantId);
    const range = sql`tstzrange(${claim.inicio}::timestamptz, ${claim.fim}::timestamptz)`;
    // One statement for both rules, after the lock: its snapshot sees every commit before ours.
    const { rows } = await sql<{ blocked: boolean; takenBy: string | null }>`
      select
        exists (select from vacation_blocks
                where tenant_id = ${tenantId}::uuid and tstzrange(starts_at, ends_at) && ${range}) as blocked,
        (select student_id from schedule_entries
         where ${!claim.allowOverlap} and tenant_id = ${tenantId}::uuid and status <> 'cancelada'
           and session_id <> ${claim.sessionId}::uuid and tstzrange(inicio, fim) && ${range}
         order by inicio limit 1) as taken_by`.execute(trx);
    const { blocked, takenBy } = rows[0];
    if (blocked) throw new ConflictError(BLOCKED_PERIOD.code, BLOCKED_PERIOD.message);
    if (takenBy) {
      const nome = await studentName(trx, tenantId, takenBy);
      throw new ConflictError(SCHEDULE_CONFLICT, scheduleConflictMessage(nome));
    }
  },
};

/**
 * The student's name as its own events last gave it (the read models may not have it yet; a
 * refusal is rare enough to read the log).
 */
async function studentName(
  trx: Kysely<Database>,
  tenantId: string,
  studentId: string,
): Promise<string> {
  const { rows } = await sql<{ nome: string }>`
    select data->>'nome' as nome from events
    where tenant_id = ${tenantId}::uuid and stream_id = ${studentId}::uuid
      and event_type = any(${STUDENT_LIFECYCLE_EVENT_TYPES}::text[]) and data ? 'nome'
    order by stream_version desc limit 1`.execute(trx);
  return rows[0]?.nome ?? STUDENT_NOT_FOUND_LABEL;
}

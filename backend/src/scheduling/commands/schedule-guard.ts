import { type Kysely, sql } from 'kysely';
import {
  BLOCKED_PERIOD,
  INVALID_RANGE,
  INVALID_RANGE_MESSAGE,
  SCHEDULE_CONFLICT,
  scheduleConflictMessage,
  STUDENT_NOT_FOUND_LABEL,
} from '../../contracts/scheduling/api';
import { NO_CREDITS } from '../../contracts/student-area/api';
import {
  CREDIT_BALANCE_EVENT_TYPES,
  type StudentLifecycleEvent,
} from '../../contracts/students/events';
import type { Database } from '../../platform/database/database';
import { loadState } from '../../platform/event-store/load-state';
import {
  ConflictError,
  type DomainError,
  ValidationError,
} from '../../platform/errors/domain-error';
import {
  type BookedTime,
  type ScheduleFacts,
  type ScheduleRefusal,
  scheduleRefusal,
  type TimeClaim,
} from '../domain/schedule-rules';

export type { TimeClaim } from '../domain/schedule-rules';

/**
 * The schedule rules (domain/schedule-rules.ts) over the trainer's sessions and vacations as they
 * stand, checked inside the command's transaction (an inline projection) under one lock per trainer.
 *
 * Why a lock rather than an exclusion constraint: a constraint can only say "no two rows overlap",
 * symmetrically, on one table. The rules here are wider: a session booked with `allowOverlap` may
 * overlap others, yet a later booking without it must still be refused when it overlaps that one
 * (an asymmetry a constraint cannot state); a session may not fall inside a vacation (another
 * table); a student's own booking needs a free credit (the log); and the slot rules of student and
 * public booking (availability, buffers) come on top. Under the per-trainer lock every such rule is
 * a plain check-then-write that is exact under any concurrency. The lock is held only from the
 * check to the commit of one command, and only by commands that claim time or block it (bookings,
 * moves, reactivations, vacations); trainers do not wait for one another (two of them share a key
 * only on a 32-bit hash collision, and then merely take turns).
 */
export const scheduleGuard = {
  /** Serializes the trainer's schedule checks and vacation changes until the transaction ends. */
  async lock(trx: Kysely<Database>, tenantId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('schedule'), hashtext(${tenantId}))`.execute(
      trx,
    );
  },

  /**
   * Refuses (throws, rolling the command back) what the schedule rules refuse: 400 invalid_range,
   * 409 blocked_period, 409 schedule_conflict naming the other session's student, 409 no_credits.
   */
  async check(
    trx: Kysely<Database>,
    tenantId: string,
    claim: TimeClaim & { studentId: string },
  ): Promise<void> {
    const facts = claim.takesTime ? await factsOf(trx, tenantId, claim) : NO_FACTS;
    const refusal = scheduleRefusal(claim, facts);
    if (refusal) throw await errorOf(trx, tenantId, refusal);
  },
};

const NO_FACTS: ScheduleFacts = { vacations: [], sessions: [] };

/**
 * The vacations and other sessions over the claimed time and, for a student's own booking, their
 * credits: one statement after the lock, whose snapshot sees every commit before ours.
 */
async function factsOf(
  trx: Kysely<Database>,
  tenantId: string,
  claim: TimeClaim & { studentId: string },
): Promise<ScheduleFacts> {
  await scheduleGuard.lock(trx, tenantId);
  // An end before the start reads as an empty range (which the rules refuse first anyway).
  const range = sql`tstzrange(${claim.inicio}::timestamptz, greatest(${claim.inicio}::timestamptz, ${claim.fim}::timestamptz))`;
  const { rows } = await sql<{
    vacations: { from: string; to: string }[];
    sessions: BookedTime[];
    balance: number | null;
    reserved: number | null;
  }>`
    select
      (select coalesce(json_agg(json_build_object('from', starts_at, 'to', ends_at)), '[]')
       from vacation_blocks
       where tenant_id = ${tenantId}::uuid and tstzrange(starts_at, ends_at) && ${range}) as vacations,
      (select coalesce(json_agg(json_build_object('sessionId', session_id, 'studentId', student_id,
                                                  'inicio', inicio, 'fim', fim)), '[]')
       from schedule_entries
       where tenant_id = ${tenantId}::uuid and status <> 'cancelada'
         and session_id <> ${claim.sessionId}::uuid and tstzrange(inicio, fim) && ${range}) as sessions,
      case when ${claim.reservesCredit} then
        coalesce((select (data->>'balanceAfter')::int from events
                  where tenant_id = ${tenantId}::uuid and stream_id = ${claim.studentId}::uuid
                    and event_type = any(${CREDIT_BALANCE_EVENT_TYPES as string[]}::text[])
                  order by stream_version desc limit 1), 0) end as balance,
      case when ${claim.reservesCredit} then
        (select count(*)::int from schedule_entries
         where tenant_id = ${tenantId}::uuid and student_id = ${claim.studentId}::uuid
           and session_id <> ${claim.sessionId}::uuid and status = 'agendada' and fim > now()) end as reserved`.execute(
    trx,
  );
  const { vacations, sessions, balance, reserved } = rows[0];
  return {
    vacations,
    sessions,
    ...(balance !== null && { credits: { balance, reserved: reserved ?? 0 } }),
  };
}

async function errorOf(
  trx: Kysely<Database>,
  tenantId: string,
  refusal: ScheduleRefusal,
): Promise<DomainError> {
  switch (refusal.rule) {
    case 'invalid_range':
      return new ValidationError(INVALID_RANGE_MESSAGE, 'fim', INVALID_RANGE);
    case 'blocked_period':
      return new ConflictError(BLOCKED_PERIOD.code, BLOCKED_PERIOD.message);
    case 'schedule_conflict':
      return new ConflictError(
        SCHEDULE_CONFLICT,
        scheduleConflictMessage(await studentName(trx, tenantId, refusal.with.studentId)),
      );
    case 'no_credits':
      return new ConflictError(NO_CREDITS.code, NO_CREDITS.message);
  }
}

/**
 * The student's name as its own events last gave it (the read models may not have it yet; a
 * refusal is rare enough to read the log).
 */
async function studentName(
  trx: Kysely<Database>,
  tenantId: string,
  studentId: string,
): Promise<string> {
  // Through the event store: the name is sealed in the log (platform/personal-data).
  const { state } = await loadState(trx, tenantId, studentId, {
    initialState: (): string => STUDENT_NOT_FOUND_LABEL,
    evolve: (nome, event: StudentLifecycleEvent) =>
      ((event.type === 'StudentRegistered' || event.type === 'StudentUpdated') && event.data.nome) ||
      nome,
  });
  return state;
}

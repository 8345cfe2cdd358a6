import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  evolveSessionView,
  type SessionEvent,
  sessionLifecycleEvents,
  type SessionView,
} from '../../contracts/scheduling/events';
import { SessionCredits } from '../../contracts/students/ports';
import { DEFAULT_TIME_ZONE } from '../../contracts/shared/time';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { DomainError } from '../../platform/errors/domain-error';
import { eventOf, pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { brazilianDateTime } from '../../platform/http/csv';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { StudentCommands } from '../commands/student.commands';
import type { StudentCommand } from '../domain/student.decider';

export const CREDITS_ON_ATTENDANCE = 'credits-on-attendance';

const reactsTo = pickEvents(sessionLifecycleEvents, [
  'SessionStatusChanged',
  'SessionReassigned',
  'SessionDeleted',
]);
type SessionStoredEvent = StoredEventOf<typeof sessionLifecycleEvents>;

/**
 * Refusals that are outcomes, not failures: no credit to consume (the session stays done), nothing
 * to refund, already charged, a student that is gone.
 */
const ACCEPTED = new Set([
  'no_credits',
  'nothing_to_refund',
  'session_already_charged',
  'not_found',
]);

type CreditCommand = Extract<
  StudentCommand,
  { type: 'ConsumeCredit' | 'RefundCredit' | 'BurnCredit' }
>;
export interface CreditMovement {
  studentId: string;
  command: CreditCommand;
}

/**
 * The credit commands one session event causes, given the session as it was just before it:
 * done consumes 1; leaving done (or a cancellation) refunds what the session was charged; a late
 * cancellation under a policy that burns credits burns 1; a done session given to another student
 * moves its charge; deleting a done session refunds it. Refunds first: a session undone and done
 * again in one change ends charged once.
 */
export function creditMovements(
  sessionId: string,
  before: SessionView,
  event: SessionEvent,
  timeZone: string,
): CreditMovement[] {
  const when = brazilianDateTime(new Date(before.inicio), timeZone);
  const consume = (studentId: string): CreditMovement => ({
    studentId,
    command: { type: 'ConsumeCredit', reason: `Sessão de ${when}`, sessionId },
  });
  const refund = (studentId: string, why: string): CreditMovement => ({
    studentId,
    command: { type: 'RefundCredit', reason: `${why}: sessão de ${when}`, sessionId },
  });
  const burn = (studentId: string, hours: number): CreditMovement => ({
    studentId,
    command: {
      type: 'BurnCredit',
      reason: `Cancelamento com menos de ${hours} h de antecedência: sessão de ${when}`,
      sessionId,
    },
  });
  const burned = before.status === 'cancelada' && before.lateCancellation?.burnsCredit;
  switch (event.type) {
    case 'SessionStatusChanged': {
      const { from, to, lateCancellation } = event.data;
      const movements: CreditMovement[] = [];
      if (from === 'feita') movements.push(refund(before.studentId, 'Sessão desfeita'));
      if (from === 'cancelada' && burned)
        movements.push(refund(before.studentId, 'Cancelamento desfeito'));
      if (to === 'feita') movements.push(consume(before.studentId));
      if (to === 'cancelada' && lateCancellation?.burnsCredit)
        movements.push(burn(before.studentId, lateCancellation.cancelLimiteHoras));
      return movements;
    }
    case 'SessionReassigned': {
      const to = event.data.studentId;
      if (to === undefined || to === before.studentId) return [];
      if (before.status === 'feita')
        return [refund(before.studentId, 'Sessão passada a outro aluno'), consume(to)];
      if (burned && before.lateCancellation)
        return [
          refund(before.studentId, 'Sessão passada a outro aluno'),
          burn(to, before.lateCancellation.cancelLimiteHoras),
        ];
      return [];
    }
    case 'SessionDeleted':
      return before.status === 'feita' ? [refund(before.studentId, 'Sessão excluída')] : [];
    default:
      return [];
  }
}

/**
 * Sends the credit commands of one session event, each keyed by (this process manager, the
 * event's position, its index): whoever runs it first (the API for its answer, or the worker)
 * sends them; any later run replays the stored answers. `noCredits` when a consumption found the
 * balance at zero.
 */
async function reactTo(
  before: SessionView,
  stored: SessionStoredEvent,
  students: StudentCommands,
): Promise<{ noCredits: boolean }> {
  let noCredits = false;
  const movements = creditMovements(stored.streamId, before, eventOf(stored), DEFAULT_TIME_ZONE);
  for (const [index, { studentId, command }] of movements.entries()) {
    try {
      await students.handle(
        processManagerCommand(CREDITS_ON_ATTENDANCE, stored, index),
        studentId,
        command,
      );
    } catch (error) {
      if (!(error instanceof DomainError && ACCEPTED.has(error.code))) throw error;
      if (error.code === 'no_credits' && command.type === 'ConsumeCredit') noCredits = true;
    }
  }
  return { noCredits };
}

/**
 * The session's events up to `position`, folded in order; each one this reacts to is reacted to
 * (those already settled replay), so the credits of a session always move in its own order, even
 * when two changes of it are settled at once. Answers the outcome of the event at `position`.
 */
async function settleUpTo(
  db: Kysely<Database>,
  students: StudentCommands,
  tenantId: string,
  sessionId: string,
  position: number,
  only: 'last' | 'all',
): Promise<{ noCredits: boolean }> {
  const stream = await readStreamOf(db, tenantId, sessionId, sessionLifecycleEvents);
  const events = stream.filter((stored) => stored.globalPosition <= position);
  if (events.at(-1)?.globalPosition !== position) return { noCredits: false };
  let session: SessionView | undefined;
  let outcome = { noCredits: false };
  for (const stored of events) {
    const isLast = stored.globalPosition === position;
    if (
      session &&
      (isLast || only === 'all') &&
      Object.hasOwn(reactsTo, stored.eventType)
    )
      outcome = await reactTo(session, stored, students);
    session = evolveSessionView(session, eventOf(stored));
  }
  return outcome;
}

/** Credits on attendance in the worker: each session event, in commit order. */
export const creditsOnAttendance = processManager({
  name: CREDITS_ON_ATTENDANCE,
  reactsTo,
  async handle(events, { db, commands }) {
    for (const event of events)
      await settleUpTo(
        db,
        new StudentCommands(commands),
        event.tenantId,
        event.streamId,
        event.globalPosition,
        'last',
      );
  },
});

/** Credits on attendance in the API, for the answer of a session's change (the same keys). */
@Injectable()
export class AttendanceCredits extends SessionCredits {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(StudentCommands) private readonly students: StudentCommands,
  ) {
    super();
  }

  settle(tenantId: string, sessionId: string, position: number): Promise<{ noCredits: boolean }> {
    return settleUpTo(this.db, this.students, tenantId, sessionId, position, 'all');
  }
}

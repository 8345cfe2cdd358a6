import { Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { SessionView } from '../../contracts/scheduling/events';
import type { Database } from '../../platform/database/database';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { type EntityRef, entityReferences } from '../../platform/references/entity-references';
import { sessionDecider, type SessionState } from '../domain/session.decider';
import type { SessionStreamEvent } from '../domain/session.events';
import { scheduleGuard } from './schedule-guard';

const sessionRef = (id: string): EntityRef => ({ kind: 'session', id });
const studentRef = (id: string): EntityRef => ({ kind: 'student', id });
const locationRef = (id: string): EntityRef => ({ kind: 'location', id });

/** A session that is there (booked, not deleted). */
const present = (state: SessionState) => (state && !state.deleted ? state : undefined);
/** A session that takes its time (neither cancelled nor deleted). */
const takesTime = (state: SessionState) =>
  present(state)?.status === 'cancelada' ? undefined : present(state);

/**
 * A session refers to its student and its location, so neither is removed while it is there
 * (409 has_links), and it cannot be booked for one that is gone, under any race (the foreign key
 * of entity_references decides): 404 'Aluno não encontrado' / 'Local não encontrado'.
 */
async function referToStudentAndLocation(
  trx: Kysely<Database>,
  tenantId: string,
  sessionId: string,
  before: SessionView | undefined,
  after: SessionView | undefined,
): Promise<void> {
  const session = sessionRef(sessionId);
  if (before?.studentId !== after?.studentId) {
    if (before) await entityReferences.forget(trx, tenantId, session, studentRef(before.studentId));
    if (after)
      await entityReferences.refer(trx, tenantId, session, studentRef(after.studentId), 'Aluno');
  }
  const [from, to] = [before?.locationId ?? null, after?.locationId ?? null];
  if (from !== to) {
    if (from) await entityReferences.forget(trx, tenantId, session, locationRef(from));
    if (to) await entityReferences.refer(trx, tenantId, session, locationRef(to), 'Local');
  }
}

/** The session's row of `schedule_entries` (none once deleted). */
async function writeScheduleEntry(
  trx: Kysely<Database>,
  tenantId: string,
  sessionId: string,
  session: SessionView | undefined,
): Promise<void> {
  if (!session) {
    await trx.deleteFrom('scheduleEntries').where('sessionId', '=', sessionId).execute();
    return;
  }
  const row = {
    sessionId,
    tenantId,
    studentId: session.studentId,
    seriesId: session.seriesId,
    inicio: session.inicio,
    fim: session.fim,
    status: session.status,
    allowOverlap: session.allowOverlap,
  };
  await trx
    .insertInto('scheduleEntries')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('sessionId').doUpdateSet({
        studentId: sql.ref('excluded.student_id'),
        inicio: sql.ref('excluded.inicio'),
        fim: sql.ref('excluded.fim'),
        status: sql.ref('excluded.status'),
        allowOverlap: sql.ref('excluded.allow_overlap'),
      }),
    )
    .execute();
}

/**
 * Written with a session's events: its references, then the schedule rules (a session whose time
 * is set — booked, moved, or no longer cancelled — is checked against the trainer's other sessions
 * and vacations, and a student's own booking against their credits), then its row of
 * `schedule_entries`. A refusal throws, rolling the append back.
 */
const sessionInline: InlineProjection<SessionStreamEvent, SessionState> = {
  eventTypes: [
    'SessionBooked',
    'SessionRescheduled',
    'SessionReassigned',
    'SessionStatusChanged',
    'SessionOverlapAllowed',
    'SessionDeleted',
  ],
  async apply(trx, { tenantId, streamId, before, events }) {
    const after = events.reduce(sessionDecider.evolve, before);
    await referToStudentAndLocation(trx, tenantId, streamId, present(before), present(after));
    const is = present(after);
    const holds = takesTime(after) !== undefined;
    const moved = events.some((event) => event.type === 'SessionRescheduled');
    // Booked, moved (a cancelled one too: its range), or back on the agenda.
    if (is && (moved || (holds && !takesTime(before)))) {
      await scheduleGuard.check(trx, tenantId, {
        sessionId: streamId,
        studentId: is.studentId,
        inicio: is.inicio,
        fim: is.fim,
        takesTime: holds,
        allowOverlap: is.allowOverlap,
        // A student's own booking holds a credit (the trainer books whom they like).
        reservesCredit: events.some(
          (event) => event.type === 'SessionBooked' && event.data.origin === 'aluno',
        ),
      });
    }
    await writeScheduleEntry(trx, tenantId, streamId, present(after));
  },
};

/** Every session command, decided on the session's stream, with the schedule guard inline. */
@Injectable()
export class SessionCommands extends commandHandlerFor(sessionDecider, sessionInline) {}

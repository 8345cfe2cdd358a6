import type { CancellationPolicy } from '../../contracts/locations/api';
import {
  lateCancellationOf,
  type SessionStatus,
} from '../../contracts/scheduling/api';
import {
  SESSION_STREAM_TYPE,
  type SessionBooking,
  type SessionView,
  evolveSessionView,
} from '../../contracts/scheduling/events';
import { NOT_CANCELLABLE } from '../../contracts/student-area/api';
import {
  ConflictError,
  type DomainError,
  NotFoundError,
} from '../../platform/errors/domain-error';
import { CONCURRENT_MODIFICATION_MESSAGE } from '../../platform/event-store/command-runner';
import type { Decider } from '../../platform/event-store/decider';
import type { SessionStreamEvent } from './session.events';

/** What a change of one session may carry (PATCH /api/sessions/:id without its scope). */
export interface SessionChanges {
  studentId?: string;
  locationId?: string | null;
  inicio?: string;
  fim?: string;
  observacoes?: string | null;
  confirmado?: boolean;
  status?: SessionStatus;
  allowOverlap?: boolean;
  /**
   * Instead of `inicio`/`fim`: move by these milliseconds ('Esta e as próximas' moves each later
   * occurrence as much as the one the trainer edited).
   */
  shift?: { inicio: number; fim: number };
}

/** The cancellation policy of the session's location, as the caller read it just before. */
export interface PolicyAt {
  locationId: string;
  policy: CancellationPolicy;
}

export type SessionCommand =
  | { type: 'BookSession'; booking: SessionBooking }
  | { type: 'ChangeSession'; changes: SessionChanges; cancellation: PolicyAt | null }
  /** The student's own cancellation: only of their session, and only while it is agendada. */
  | { type: 'CancelAsStudent'; studentId: string; cancellation: PolicyAt | null }
  | { type: 'DeleteSession' }
  /** Its student was erased: a session still ahead leaves the agenda, with no fee and no credit burnt. */
  | { type: 'CancelForErasedStudent'; studentId: string }
  /** The student's answer to the session's reminder (a quick-reply button on WhatsApp). */
  | { type: 'AnswerReminder'; resposta: ReminderAnswer; messageId: string };

export type ReminderAnswer = 'confirmo' | 'remarcar';

/** What the student answered to the reminder of the session's current time. */
interface StudentAnswers {
  confirmadoPeloAluno?: boolean;
  remarcarPedido?: boolean;
}

/** A session as its stream tells it; undefined before it is booked. */
export type SessionState = (SessionView & StudentAnswers) | undefined;

export const sessionNotFound = () => new NotFoundError('Agendamento');

/** The session takes a time anew: moved, or back on the agenda after a cancellation. */
const claimsTimeAnew = (event: SessionStreamEvent) =>
  event.type === 'SessionRescheduled' ||
  (event.type === 'SessionStatusChanged' && event.data.from === 'cancelada');

function evolve(state: SessionState, event: SessionStreamEvent): SessionState {
  switch (event.type) {
    case 'SessionOverlapAllowed':
      return state && { ...state, allowOverlap: true };
    case 'SessionConfirmedByStudent':
      return state && { ...state, confirmadoPeloAluno: true, remarcarPedido: false };
    case 'SessionRescheduleRequested':
      return state && { ...state, confirmadoPeloAluno: false, remarcarPedido: true };
    default: {
      const next: SessionState = evolveSessionView(state, event);
      // A permission to overlap, and the student's answers, were given for one time: a new one
      // is checked again, and asked again.
      return next && claimsTimeAnew(event)
        ? { ...next, allowOverlap: false, confirmadoPeloAluno: false, remarcarPedido: false }
        : next;
    }
  }
}

const shifted = (instant: string, milliseconds: number) =>
  new Date(Date.parse(instant) + milliseconds).toISOString();

/** The times after `changes`: moved by `shift`, or as sent, or as they are. */
export function timesAfter(
  view: Pick<SessionView, 'inicio' | 'fim'>,
  changes: SessionChanges,
): { inicio: string; fim: string } {
  if (changes.shift)
    return {
      inicio: shifted(view.inicio, changes.shift.inicio),
      fim: shifted(view.fim, changes.shift.fim),
    };
  return { inicio: changes.inicio ?? view.inicio, fim: changes.fim ?? view.fim };
}

function change(
  view: SessionView,
  { changes, cancellation }: { changes: SessionChanges; cancellation: PolicyAt | null },
  now: Date,
): SessionStreamEvent[] | DomainError {
  const { inicio, fim } = timesAfter(view, changes);
  const events: SessionStreamEvent[] = [];

  const reassigned: { studentId?: string; locationId?: string | null } = {};
  if (changes.studentId !== undefined && changes.studentId !== view.studentId)
    reassigned.studentId = changes.studentId;
  if (changes.locationId !== undefined && changes.locationId !== view.locationId)
    reassigned.locationId = changes.locationId;
  if (Object.keys(reassigned).length > 0)
    events.push({ type: 'SessionReassigned', data: reassigned });
  const moved = inicio !== view.inicio || fim !== view.fim;
  if (moved) events.push({ type: 'SessionRescheduled', data: { inicio, fim } });
  const to = changes.status;
  const reactivated = view.status === 'cancelada' && to !== undefined && to !== 'cancelada';
  if (changes.allowOverlap === true && (!view.allowOverlap || moved || reactivated))
    events.push({ type: 'SessionOverlapAllowed', data: {} });
  if (changes.observacoes !== undefined && changes.observacoes !== view.observacoes)
    events.push({ type: 'SessionNotesChanged', data: { observacoes: changes.observacoes } });
  if (changes.confirmado !== undefined && changes.confirmado !== view.confirmado)
    events.push({ type: 'SessionConfirmationChanged', data: { confirmado: changes.confirmado } });

  // Last: the caller settles credits from the position of the command's last event.
  if (to !== undefined && to !== view.status) {
    const locationId =
      reassigned.locationId !== undefined ? reassigned.locationId : view.locationId;
    let lateCancellation = null;
    if (to === 'cancelada' && locationId) {
      // The policy read for another location: the session moved meanwhile.
      if (cancellation?.locationId !== locationId)
        return new ConflictError('concurrent_modification', CONCURRENT_MODIFICATION_MESSAGE);
      lateCancellation = lateCancellationOf(cancellation.policy, inicio, now);
    }
    events.push({
      type: 'SessionStatusChanged',
      data: { from: view.status, to, lateCancellation },
    });
  }
  return events;
}

/**
 * The student's answer to a reminder counts while the session is agendada and not deleted; the
 * same answer again (a second tap, a webhook replayed) changes nothing. 'Preciso remarcar' after
 * 'Confirmo' takes the confirmation back, and the other way round.
 */
function answer(
  command: { resposta: ReminderAnswer; messageId: string },
  state: SessionState,
): SessionStreamEvent[] {
  if (!state || state.deleted || state.status !== 'agendada') return [];
  const { messageId } = command;
  if (command.resposta === 'confirmo')
    return state.confirmadoPeloAluno
      ? []
      : [{ type: 'SessionConfirmedByStudent', data: { messageId } }];
  return state.remarcarPedido ? [] : [{ type: 'SessionRescheduleRequested', data: { messageId } }];
}

function decide(
  command: SessionCommand,
  state: SessionState,
  now: Date,
): SessionStreamEvent[] | DomainError {
  if (command.type === 'AnswerReminder') return answer(command, state);
  if (command.type === 'BookSession') {
    if (state) return new ConflictError('session_exists', 'Agendamento já cadastrado');
    return [{ type: 'SessionBooked', data: command.booking }];
  }
  if (!state || state.deleted) return sessionNotFound();
  switch (command.type) {
    case 'ChangeSession':
      return change(state, command, now);
    case 'CancelAsStudent':
      if (state.studentId !== command.studentId) return sessionNotFound();
      // Done ahead of time is done: it is not the student's to undo, nor to pay for.
      if (state.status === 'feita')
        return new ConflictError(NOT_CANCELLABLE.code, NOT_CANCELLABLE.done);
      if (state.status === 'cancelada')
        return new ConflictError(NOT_CANCELLABLE.code, NOT_CANCELLABLE.cancelled);
      return change(
        state,
        { changes: { status: 'cancelada' }, cancellation: command.cancellation },
        now,
      );
    case 'DeleteSession':
      return [{ type: 'SessionDeleted', data: {} }];
    case 'CancelForErasedStudent':
      if (
        state.studentId !== command.studentId ||
        state.status !== 'agendada' ||
        Date.parse(state.inicio) <= now.getTime()
      )
        return [];
      return [
        {
          type: 'SessionStatusChanged',
          data: { from: 'agendada', to: 'cancelada', lateCancellation: null },
        },
      ];
  }
}

/**
 * One session's stream: booked, moved, reassigned, done or cancelled (a late cancellation decided
 * from the location's policy and the clock), deleted. Its times are judged by the schedule rules
 * (domain/schedule-rules.ts: range, overlaps, vacations, credits), which the schedule guard applies
 * in the same transaction (commands/schedule-guard.ts).
 */
export const sessionDecider: Decider<SessionCommand, SessionStreamEvent, SessionState> = {
  streamType: SESSION_STREAM_TYPE,
  initialState: () => undefined,
  evolve,
  decide,
};

import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import { declarePersonalData } from '../shared/personal-data';
import type { LateCancellation, SessionStatus } from './api';

/**
 * The session events other contexts read (students' credits on attendance, finance's previsto,
 * reminders, public booking): type names and data shapes, fixed. Stream type 'session', one stream
 * per session (id = session id); instants are ISO strings in UTC.
 */

export const SESSION_STREAM_TYPE = 'session';

export type SessionOrigin = 'personal' | 'aluno' | 'publico';

/** What a booking says of a session (SessionBooked's data). */
export interface SessionBooking {
  studentId: string;
  locationId: string | null;
  inicio: string;
  fim: string;
  observacoes: string | null;
  seriesId: string | null;
  allowOverlap: boolean;
  origin: SessionOrigin;
  /**
   * A public booking whose phone is a student's under another name: the name the visitor typed,
   * for the trainer to see before confirming (absent otherwise).
   */
  nomeInformado?: string;
}

export const sessionLifecycleEvents = {
  /** Status starts `agendada`; confirmado unless booked on the public page ('a confirmar'). */
  SessionBooked: eventData<SessionBooking>(),
  SessionRescheduled: eventData<{ inicio: string; fim: string }>(),
  /** Only what changed. */
  SessionReassigned: eventData<{ studentId?: string; locationId?: string | null }>(),
  SessionNotesChanged: eventData<{ observacoes: string | null }>(),
  SessionConfirmationChanged: eventData<{ confirmado: boolean }>(),
  SessionStatusChanged: eventData<{
    from: SessionStatus;
    to: SessionStatus;
    lateCancellation: LateCancellation | null;
  }>(),
  SessionDeleted: eventData<Record<string, never>>(),
};
/**
 * Notes about a session and the name a visitor typed are the student's. Changed notes name no
 * student: they are sealed under the session's own key, erased with the student's sessions.
 */
export const sessionPersonalData = declarePersonalData(sessionLifecycleEvents, {
  SessionBooked: { subject: 'studentId', fields: ['observacoes', 'nomeInformado'] },
  SessionNotesChanged: { subject: 'stream', fields: ['observacoes'] },
});
export type SessionEvent = EventsOf<typeof sessionLifecycleEvents>;
export type SessionEventType = SessionEvent['type'];
export const SESSION_EVENT_TYPES = eventTypesOf(sessionLifecycleEvents);

/**
 * The student's answers to a session's reminder, on the session's stream (published: the trainer's
 * devices are told 'Aluno pediu para remarcar'); `messageId` is the WhatsApp message answered.
 */
export const sessionReminderAnswerEvents = {
  /** The student tapped 'Confirmo' on the session's reminder. */
  SessionConfirmedByStudent: eventData<{ messageId: string }>(),
  /** The student tapped 'Preciso remarcar': a request the trainer sees on the agenda. */
  SessionRescheduleRequested: eventData<{ messageId: string }>(),
};

/** A session as its events tell it: booked -> (rescheduled/reassigned/status changes)* -> deleted. */
export interface SessionView extends SessionBooking {
  status: SessionStatus;
  confirmado: boolean;
  deleted: boolean;
  /** That of the last change of status (null unless it was a late cancellation). */
  lateCancellation: LateCancellation | null;
}

/** The one fold of the published session events (undefined before SessionBooked). */
export function evolveSessionView(
  view: SessionView | undefined,
  event: SessionEvent,
): SessionView | undefined {
  if (event.type === 'SessionBooked')
    return {
      ...event.data,
      status: 'agendada',
      confirmado: event.data.origin !== 'publico',
      deleted: false,
      lateCancellation: null,
    };
  if (!view) return undefined;
  switch (event.type) {
    case 'SessionRescheduled':
      return { ...view, inicio: event.data.inicio, fim: event.data.fim };
    case 'SessionReassigned':
      return {
        ...view,
        studentId: event.data.studentId ?? view.studentId,
        locationId: event.data.locationId === undefined ? view.locationId : event.data.locationId,
      };
    case 'SessionNotesChanged':
      return { ...view, observacoes: event.data.observacoes };
    case 'SessionConfirmationChanged':
      return { ...view, confirmado: event.data.confirmado };
    case 'SessionStatusChanged':
      return { ...view, status: event.data.to, lateCancellation: event.data.lateCancellation };
    case 'SessionDeleted':
      return { ...view, deleted: true };
  }
}

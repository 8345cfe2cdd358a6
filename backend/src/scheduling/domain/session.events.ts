import type { SessionEventData } from '../../contracts/scheduling';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a session's stream: the published ones (contracts) and one of its own. */
export const sessionEvents = {
  SessionBooked: eventData<SessionEventData['SessionBooked']>(),
  SessionRescheduled: eventData<SessionEventData['SessionRescheduled']>(),
  SessionReassigned: eventData<SessionEventData['SessionReassigned']>(),
  SessionNotesChanged: eventData<SessionEventData['SessionNotesChanged']>(),
  SessionConfirmationChanged: eventData<SessionEventData['SessionConfirmationChanged']>(),
  SessionStatusChanged: eventData<SessionEventData['SessionStatusChanged']>(),
  SessionDeleted: eventData<SessionEventData['SessionDeleted']>(),
  /**
   * Not published: the trainer confirmed on purpose that this session may overlap others (a change
   * sent with `allowOverlap: true`); it keeps that permission when it moves again.
   */
  SessionOverlapAllowed: eventData<Record<string, never>>(),
};

export type SessionStreamEvent = EventsOf<typeof sessionEvents>;
export const SESSION_STREAM_EVENT_TYPES = eventTypesOf(sessionEvents);

import {
  sessionLifecycleEvents,
  sessionReminderAnswerEvents,
} from '../../contracts/scheduling/events';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a session's stream: the published ones (contracts) and one of its own. */
export const sessionEvents = {
  ...sessionLifecycleEvents,
  /**
   * Not published: the trainer confirmed on purpose that this session may overlap others (a change
   * sent with `allowOverlap: true`); it keeps that permission when it moves again.
   */
  SessionOverlapAllowed: eventData<Record<string, never>>(),
  ...sessionReminderAnswerEvents,
};

export type SessionStreamEvent = EventsOf<typeof sessionEvents>;
export const SESSION_STREAM_EVENT_TYPES = eventTypesOf(sessionEvents);

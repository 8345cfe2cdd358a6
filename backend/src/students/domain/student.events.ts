import { creditBalanceEvents, studentLifecycleEvents } from '../../contracts/students/events';
import { type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a student's stream: its lifecycle and its credits (both published in contracts). */
export const studentEvents = {
  ...studentLifecycleEvents,
  ...creditBalanceEvents,
};

export type StudentEvent = EventsOf<typeof studentEvents>;
export const STUDENT_EVENT_TYPES = eventTypesOf(studentEvents);

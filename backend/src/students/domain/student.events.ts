import { eventData } from '../../contracts/shared/event-catalogue';
import { creditBalanceEvents, studentLifecycleEvents } from '../../contracts/students/events';
import { type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** What only this context reads of a student's stream. */
const studentErasureRequestEvents = {
  /** The student asked, from their own area, that their data be erased; the trainer confirms. */
  ErasureRequested: eventData<Record<string, never>>(),
};

/** The events of a student's stream: its lifecycle and its credits (both published in contracts). */
export const studentEvents = {
  ...studentLifecycleEvents,
  ...creditBalanceEvents,
  ...studentErasureRequestEvents,
};

export type StudentEvent = EventsOf<typeof studentEvents>;
export const STUDENT_EVENT_TYPES = eventTypesOf(studentEvents);

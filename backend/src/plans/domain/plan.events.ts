import { planTermsEvents } from '../../contracts/plans/events';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a plan's stream: its terms (published) and its place in the catalogue. */
export const planEvents = {
  ...planTermsEvents,
  /** No longer offered to students; those who have it keep it. */
  PlanArchived: eventData<Record<string, never>>(),
  PlanRestored: eventData<Record<string, never>>(),
  PlanRemoved: eventData<Record<string, never>>(),
};

export type PlanEvent = EventsOf<typeof planEvents>;
export const PLAN_EVENT_TYPES = eventTypesOf(planEvents);

import type { PlanTerms } from '../../contracts/plans';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a plan's stream. Money in centavos. */
export const planEvents = {
  PlanCreated: eventData<PlanTerms>(),
  /** Only the fields that changed. */
  PlanUpdated: eventData<Partial<PlanTerms>>(),
  /** No longer offered to students; those who have it keep it. */
  PlanArchived: eventData<Record<string, never>>(),
  PlanRestored: eventData<Record<string, never>>(),
  PlanRemoved: eventData<Record<string, never>>(),
};

export type PlanEvent = EventsOf<typeof planEvents>;
export const PLAN_EVENT_TYPES = eventTypesOf(planEvents);

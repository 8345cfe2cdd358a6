import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import type { PlanTerms } from './api';

/**
 * The events of a plan's stream, published: finance values sessions by the plan's value per credit
 * and charges prices them. Stream type 'plan', id = the plan's id; money in centavos.
 */
export const planTermsEvents = {
  PlanCreated: eventData<PlanTerms>(),
  /** Only the fields that changed. */
  PlanUpdated: eventData<Partial<PlanTerms>>(),
};
export type PlanTermsEvent = EventsOf<typeof planTermsEvents>;
export const PLAN_TERMS_EVENT_TYPES = eventTypesOf(planTermsEvents);

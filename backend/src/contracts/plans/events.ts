import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import type { PlanBilling, PlanTerms } from './api';

/**
 * The events of a plan's stream, published: finance values sessions by the plan's value per credit
 * and charges prices them. Stream type 'plan', id = the plan's id; money in centavos.
 */
/** A plan's terms as its events carry them: plans made before monthly billing lack `cobranca` (avulso). */
export type PlanTermsData = Omit<PlanTerms, 'cobranca'> & { cobranca?: PlanBilling };

export const planTermsEvents = {
  PlanCreated: eventData<PlanTermsData>(),
  /** Only the fields that changed. */
  PlanUpdated: eventData<Partial<PlanTerms>>(),
};
export type PlanTermsEvent = EventsOf<typeof planTermsEvents>;
export const PLAN_TERMS_EVENT_TYPES = eventTypesOf(planTermsEvents);

import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';

/**
 * What other contexts read of a tenant's stream (stream type 'tenant', id = the tenant's id): the
 * finances seed the monthly goal from `meta_faturamento_6meses` (how much the trainer wants to earn
 * a month, six months from now) and issue receipts when `emite_recibo`. Type name and these fields
 * are fixed.
 */
export interface OnboardingCompletedData {
  tenantId: string;
  onboardingData: { meta_faturamento_6meses: number; emite_recibo?: boolean };
}

export const onboardingEvents = {
  OnboardingCompleted: eventData<OnboardingCompletedData>(),
};
export type OnboardingEvent = EventsOf<typeof onboardingEvents>;
export const ONBOARDING_EVENT_TYPES = eventTypesOf(onboardingEvents);

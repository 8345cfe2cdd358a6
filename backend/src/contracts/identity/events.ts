import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import type { OnboardingData } from './api';

/**
 * What other contexts read of a tenant's stream (stream type 'tenant', id = the tenant's id): the
 * finances seed the monthly goal from `meta_faturamento_6meses` (how much the trainer wants to earn
 * a month, six months from now) and issue receipts when `emite_recibo`. Type name and these fields
 * are fixed.
 */
export interface OnboardingCompletedData {
  onboardingId: string;
  tenantId: string;
  userId: string;
  onboardingData: OnboardingData;
  completedAt: string;
}

export const onboardingEvents = {
  OnboardingCompleted: eventData<OnboardingCompletedData>(),
};
export type OnboardingEvent = EventsOf<typeof onboardingEvents>;
export const ONBOARDING_EVENT_TYPES = eventTypesOf(onboardingEvents);

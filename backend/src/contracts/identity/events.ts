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

/**
 * A student of the tenant created their own account from an invite (on the tenant's stream).
 * `whatsapp`: they ticked 'Quero receber lembretes e cobranças pelo WhatsApp' as they did (absent
 * on accounts made before the box existed); the messaging context records it as their consent.
 */
export const studentAccountEvents = {
  StudentAccountCreated: eventData<{ userId: string; studentId: string; whatsapp?: boolean }>(),
};
export type StudentAccountEvent = EventsOf<typeof studentAccountEvents>;

import { declarePersonalData } from '../../contracts/shared/personal-data';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';
import { onboardingEvents, studentAccountEvents } from '../../contracts/identity/events';

/** The events of a tenant's stream (its id is the tenant's id). */
export const tenantEvents = {
  TenantCreated: eventData<{ tenantId: string; slug: string; nome: string }>(),
  TrainerRegistered: eventData<{ tenantId: string; userId: string; nome: string }>(),
  ...onboardingEvents,
  ...studentAccountEvents,
};

/** The trainer's name is theirs (the tenant is the trainer's data subject). */
export const tenantPersonalData = declarePersonalData(tenantEvents, {
  TenantCreated: { subject: 'tenantId', fields: ['nome'] },
  TrainerRegistered: { subject: 'tenantId', fields: ['nome'] },
});
export type TenantEvent = EventsOf<typeof tenantEvents>;
export type OnboardingCompleted = Extract<TenantEvent, { type: 'OnboardingCompleted' }>;
export const TENANT_EVENT_TYPES = eventTypesOf(tenantEvents);

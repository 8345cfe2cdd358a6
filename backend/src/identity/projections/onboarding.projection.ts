import { ONBOARDING_EVENT_TYPES, onboardingEvents } from '../../contracts/identity/events';
import { eventsIn } from '../../platform/event-store/event';
import type { Projection, ProjectionChange } from '../../platform/projections/projection';

/** financial_onboarding: one row per tenant, from OnboardingCompleted (idempotent upsert). */
export const onboardingProjection: Projection = {
  name: 'identity.onboarding',
  tables: ['financial_onboarding'],
  eventTypes: ONBOARDING_EVENT_TYPES,
  apply: async (events, trx) => {
    const changes: ProjectionChange[] = [];
    for (const event of eventsIn(events, onboardingEvents)) {
      const { data } = event;
      await trx
        .insertInto('financialOnboarding')
        .values({
          id: data.onboardingId,
          tenantId: event.tenantId,
          userId: data.userId,
          onboardingData: JSON.stringify(data.onboardingData),
          completedAt: new Date(data.completedAt),
        })
        .onConflict((conflict) =>
          conflict.column('tenantId').doUpdateSet((eb) => ({
            id: eb.ref('excluded.id'),
            userId: eb.ref('excluded.userId'),
            onboardingData: eb.ref('excluded.onboardingData'),
            completedAt: eb.ref('excluded.completedAt'),
          })),
        )
        .execute();
      changes.push({ tenantId: event.tenantId, type: 'onboarding', id: data.onboardingId });
    }
    return changes;
  },
};

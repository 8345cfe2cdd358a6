import type { Projection, ProjectionChange } from '../../platform/projections/projection';
import type { OnboardingCompleted } from '../domain/tenant.events';

const ONBOARDING_COMPLETED = 'OnboardingCompleted';

/** financial_onboarding: one row per tenant, from OnboardingCompleted (idempotent upsert). */
export const onboardingProjection: Projection = {
  name: 'identity.onboarding',
  tables: ['financial_onboarding'],
  eventTypes: [ONBOARDING_COMPLETED],
  apply: async (events, trx) => {
    const changes: ProjectionChange[] = [];
    for (const event of events) {
      if (event.eventType !== ONBOARDING_COMPLETED) continue;
      const data = event.data as OnboardingCompleted['data'];
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

import type { Projection } from '../../platform/projections/projection';
import type { OnboardingCompleted } from '../domain/tenant.events';

/** financial_onboarding: one row per tenant, from OnboardingCompleted (idempotent upsert). */
export const onboardingProjection: Projection = {
  name: 'identity.onboarding',
  tables: ['financial_onboarding'],
  handlers: {
    OnboardingCompleted: async (event, trx) => {
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
      return [{ type: 'onboarding', id: data.onboardingId }];
    },
  },
};

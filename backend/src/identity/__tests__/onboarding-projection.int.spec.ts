import { projectionSpec } from '../../../../test/support/projection-spec';
import type { OnboardingCompleted } from '../domain/tenant.events';
import { onboardingProjection } from '../projections/onboarding.projection';
import { onboardingData } from './identity-test-kit';

const completed = (onboardingId: string): OnboardingCompleted => ({
  type: 'OnboardingCompleted',
  data: {
    onboardingId,
    tenantId: '0190a0b0-0000-7000-8000-00000000000a',
    userId: '0190a0b0-0000-7000-8000-00000000000b',
    onboardingData,
    completedAt: '2030-03-04T12:00:00.000Z',
  },
});
const ONBOARDING = '0190a0b0-0000-7000-8000-000000000001';
const given = projectionSpec(onboardingProjection);

describe('onboarding projection', () => {
  it('keeps one row per tenant with the answers as submitted, replays changing nothing', () =>
    given(completed(ONBOARDING))
      .when(completed(ONBOARDING))
      .then('financial_onboarding', [
        {
          id: ONBOARDING,
          userId: '0190a0b0-0000-7000-8000-00000000000b',
          onboardingData,
          completedAt: new Date('2030-03-04T12:00:00.000Z'),
        },
      ]));

  it("tells the tenant's browsers about the onboarding", async () => {
    const spec = given().when(completed(ONBOARDING));
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'onboarding', id: ONBOARDING }]);
  });

  it('reads OnboardingCompleted into financial_onboarding', () => {
    expect(onboardingProjection).toMatchObject({
      name: 'identity.onboarding',
      tables: ['financial_onboarding'],
      eventTypes: ['OnboardingCompleted'],
    });
  });
});

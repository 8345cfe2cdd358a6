import type { DomainEvent } from '../../platform/event-store/event';
import type { OnboardingData } from './onboarding-answers';

export const TENANT_STREAM = 'tenant';

export type TenantCreated = DomainEvent<
  'TenantCreated',
  { tenantId: string; slug: string; nome: string }
>;
export type TrainerRegistered = DomainEvent<
  'TrainerRegistered',
  { tenantId: string; userId: string; nome: string }
>;
export type OnboardingCompleted = DomainEvent<
  'OnboardingCompleted',
  {
    onboardingId: string;
    tenantId: string;
    userId: string;
    onboardingData: OnboardingData;
    completedAt: string;
  }
>;

export type TenantEvent = TenantCreated | TrainerRegistered | OnboardingCompleted;

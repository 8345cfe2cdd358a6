import type { Me } from '@contracts/identity/api';

/** Ana, a trainer past onboarding: who most component tests are signed in as. */
export const TRAINER_ANA: Me = {
  id: 'u1',
  email: 'ana@exemplo.com',
  nome: 'Ana',
  role: 'personal',
  tenantId: 't1',
  tenantSlug: 'ana',
  onboardingRequired: false,
};

/** Ana before onboarding: just signed up, the app still has its questions for her. */
export const NEW_TRAINER_ANA: Me = { ...TRAINER_ANA, onboardingRequired: true };

import { onboardingProjection } from './onboarding.projection';

export const ONBOARDING_PROJECTION = onboardingProjection.name;

/** The read models of the identity context, run by the worker. */
export const identityProjections = [onboardingProjection];

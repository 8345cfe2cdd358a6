import { identityApi, onboardingSchema, type OnboardingInput } from '@contracts/identity/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { meQuery } from '../../../entities/me';

/** The raw answers as typed (contracts' onboardingSchema); the server parses numbers, yes/no and lists (spec 000 §5). */
export function completeOnboarding(input: OnboardingInput) {
  return api.call(identityApi.completeOnboarding, { body: onboardingSchema.parse(input) });
}

export function useCompleteOnboarding() {
  return useMutation({ mutationFn: completeOnboarding });
}

/**
 * Once saved, the cached profile stops asking for onboarding (which closes the dialog); the
 * realtime 'onboarding' change that follows the projection refetches it from the server.
 */
export function useMarkOnboardingDone(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.setQueryData(meQuery().queryKey, (me) => me && { ...me, onboardingRequired: false });
  }, [queryClient]);
}

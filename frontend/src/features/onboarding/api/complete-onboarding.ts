import type { Me } from '@contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meKeys } from '../../../lib/me';
import type { OnboardingKey } from '../lib/onboarding-questions';

/** The raw answers as typed; the server parses numbers, yes/no and lists (spec 000 §5). */
export const completeOnboardingInputSchema = z.object({
  answers: z.record(z.string(), z.string().trim().min(1)),
});

export type CompleteOnboardingInput = { answers: Record<OnboardingKey, string> };

export function completeOnboarding(input: CompleteOnboardingInput) {
  return api.post<{ id: string; position: number }>('/onboarding', completeOnboardingInputSchema.parse(input));
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
    queryClient.setQueryData<Me>(meKeys.all, (me) => me && { ...me, onboardingRequired: false });
  }, [queryClient]);
}

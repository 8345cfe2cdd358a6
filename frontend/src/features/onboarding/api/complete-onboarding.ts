import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
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

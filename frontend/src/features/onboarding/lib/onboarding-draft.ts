import { onboardingQuestions, type OnboardingKey } from './onboarding-questions';

export type OnboardingAnswers = Partial<Record<OnboardingKey, string>>;

const draftKey = (userId: string) => `vira.onboarding-draft.${userId}`;

/**
 * The answers given so far, kept in this browser until the onboarding is saved: a reload (or a
 * closed tab) starts again where the trainer stopped. Only the questions in order, from the first.
 */
export function loadOnboardingDraft(userId: string | undefined): OnboardingAnswers {
  if (!userId) return {};
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(draftKey(userId)) ?? '{}');
    const answers: OnboardingAnswers = {};
    for (const { key } of onboardingQuestions) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value !== 'string' || !value.trim()) break;
      answers[key] = value;
    }
    return answers;
  } catch {
    return {};
  }
}

export function saveOnboardingDraft(userId: string | undefined, answers: OnboardingAnswers): void {
  if (!userId) return;
  try {
    window.localStorage.setItem(draftKey(userId), JSON.stringify(answers));
  } catch {
    // A full or refused storage only loses the draft, never the answers on screen.
  }
}

export function clearOnboardingDraft(userId: string | undefined): void {
  if (userId) window.localStorage.removeItem(draftKey(userId));
}

import { ONBOARDING_ANSWER_KEYS } from '@contracts/identity/api';
import { onboardingQuestions, progressPercent } from './onboarding-questions';

describe('onboarding questions', () => {
  it('asks 11 questions in the 4 blocks, in order', () => {
    expect(onboardingQuestions).toHaveLength(11);
    expect([...new Set(onboardingQuestions.map((q) => q.block))]).toEqual([
      'Estrutura de atendimento',
      'Rotina financeira',
      'Gestão de agenda',
      'Objetivos financeiros',
    ]);
    expect(new Set(onboardingQuestions.map((q) => q.key)).size).toBe(11);
  });

  it("asks for the API's answer keys, in the API's order", () => {
    expect(onboardingQuestions.map((q) => q.key)).toEqual(ONBOARDING_ANSWER_KEYS);
  });

  it('reports progress as (index + 1) / 11', () => {
    expect(progressPercent(0)).toBe(9);
    expect(progressPercent(5)).toBe(55);
    expect(progressPercent(10)).toBe(100);
  });
});

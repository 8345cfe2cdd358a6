import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { useMe } from '../../../entities/me';
import { useCompleteOnboarding, useMarkOnboardingDone } from '../api/complete-onboarding';
import { clearOnboardingDraft, loadOnboardingDraft, type OnboardingAnswers, saveOnboardingDraft } from '../lib/onboarding-draft';
import { onboardingQuestions, progressPercent, type OnboardingKey } from '../lib/onboarding-questions';

/** Spec 000 §9: 500 ms between questions, 2000 ms before closing. */
export const QUESTION_DELAY_MS = 500;
export const CLOSE_DELAY_MS = 2000;

export type OnboardingPhase = 'start' | 'chat' | 'saving' | 'failed' | 'done' | 'closed';

export interface ChatMessage {
  from: 'bot' | 'user';
  text: string;
  /** The block a question opens ('Estrutura de atendimento', ...). */
  block?: string;
}

export interface OnboardingChat {
  phase: OnboardingPhase;
  messages: readonly ChatMessage[];
  /** 1-based number of the current question, and how many there are. */
  questionNumber: number;
  total: number;
  /** (question index + 1) / 11, as a whole percentage (spec 000 §4). */
  percent: number;
  /** The bot is "typing": the next question is on its way, or the answers are being saved. */
  typing: boolean;
  /** An answer can be sent now (chatting, and the question has been asked). */
  accepting: boolean;
  start: () => void;
  /** Sends the answer to the current question; a blank one is not sent. Answers whether it was taken. */
  answer: (text: string) => boolean;
  /** Saves the kept answers again after a failure. */
  retry: () => void;
}

const total = onboardingQuestions.length;

/**
 * Where a kept draft leaves the chat: each answered question with its answer, then the next one
 * asked (or, all answered, ready to save again); nothing kept is the start screen.
 */
function resumed(answers: OnboardingAnswers) {
  const answered = onboardingQuestions.findIndex(({ key }) => answers[key] === undefined);
  const count = answered === -1 ? total : answered;
  if (count === 0) return { phase: 'start' as OnboardingPhase, messages: [], index: 0, answers };
  const messages: ChatMessage[] = onboardingQuestions.slice(0, count).flatMap((question) => [
    { from: 'bot' as const, text: question.text, block: question.block },
    { from: 'user' as const, text: answers[question.key] ?? '' },
  ]);
  if (count === total) return { phase: 'failed' as OnboardingPhase, messages, index: total - 1, answers };
  const next = onboardingQuestions[count];
  messages.push({ from: 'bot', text: next.text, block: next.block });
  return { phase: 'chat' as OnboardingPhase, messages, index: count, answers };
}

/**
 * The 'Configuração Inicial' chat (spec 000 §2, §4): start, then the 11 questions one at a time,
 * each 500 ms after the previous answer; after the last one the answers are saved, a toast says
 * how it went, and 2 s after success the chat closes and the profile stops asking for it. The
 * answers given are kept in the browser until then: after a reload the chat goes on from there.
 */
export function useOnboardingChat(): OnboardingChat {
  const save = useCompleteOnboarding();
  const markOnboardingDone = useMarkOnboardingDone();
  const userId = useMe().data?.id;
  const [draft] = useState(() => resumed(loadOnboardingDraft(userId)));
  const [phase, setPhase] = useState<OnboardingPhase>(draft.phase);
  const [messages, setMessages] = useState<ChatMessage[]>(draft.messages);
  const [index, setIndex] = useState(draft.index);
  const [nextQuestion, setNextQuestion] = useState<number | null>(null);
  const [answers, setAnswers] = useState<OnboardingAnswers>(draft.answers);

  useEffect(() => {
    if (Object.keys(answers).length > 0) saveOnboardingDraft(userId, answers);
  }, [userId, answers]);

  useEffect(() => {
    if (nextQuestion === null) return;
    const timer = setTimeout(() => {
      const question = onboardingQuestions[nextQuestion];
      setMessages((current) => [...current, { from: 'bot', text: question.text, block: question.block }]);
      setIndex(nextQuestion);
      setNextQuestion(null);
    }, QUESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [nextQuestion]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => {
      setPhase('closed');
      markOnboardingDone();
    }, CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, markOnboardingDone]);

  const submit = useCallback(
    (all: Record<OnboardingKey, string>) => {
      setPhase('saving');
      save.mutate(
        { answers: all },
        {
          onSuccess: () => {
            clearOnboardingDraft(userId);
            notifications.show({
              color: 'teal',
              title: 'Onboarding concluído!',
              message: 'Seu perfil financeiro foi configurado com sucesso.',
            });
            setMessages((current) => [...current, { from: 'bot', text: 'Tudo pronto! Seu perfil financeiro foi salvo.' }]);
            setPhase('done');
          },
          onError: () => {
            notifications.show({
              color: 'red',
              title: 'Erro ao salvar',
              message: 'Não foi possível salvar seu perfil. Tente novamente.',
            });
            setPhase('failed');
          },
        },
      );
    },
    [save, userId],
  );

  const accepting = phase === 'chat' && nextQuestion === null;

  const answer = (text: string): boolean => {
    const trimmed = text.trim();
    if (!trimmed || !accepting) return false;
    const updated = { ...answers, [onboardingQuestions[index].key]: trimmed };
    setAnswers(updated);
    setMessages((current) => [...current, { from: 'user', text: trimmed }]);
    if (index + 1 < total) setNextQuestion(index + 1);
    else submit(updated as Record<OnboardingKey, string>);
    return true;
  };

  return {
    phase,
    messages,
    questionNumber: index + 1,
    total,
    percent: progressPercent(index),
    typing: nextQuestion !== null || phase === 'saving',
    accepting,
    start: () => {
      setPhase('chat');
      setNextQuestion(0);
    },
    answer,
    retry: () => submit(answers as Record<OnboardingKey, string>),
  };
}

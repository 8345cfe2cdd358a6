import type { Me } from '@contracts/identity/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { meQuery } from '../../../entities/me';
import { NEW_TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { signInAs } from '../../../test/render';
import { onboardingQuestions } from '../lib/onboarding-questions';
import { CLOSE_DELAY_MS, QUESTION_DELAY_MS, useOnboardingChat } from './use-onboarding-chat';

let api: ApiStub;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

function renderChat() {
  const queryClient = signInAs(NEW_TRAINER_ANA);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useOnboardingChat(), { wrapper }) };
}

const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

describe('useOnboardingChat', () => {
  it('asks each question 500 ms after the previous answer, refusing answers meanwhile and blank ones', async () => {
    api = stubApi({});
    const { result } = renderChat();
    expect(result.current).toMatchObject({ phase: 'start', messages: [], accepting: false });

    act(() => result.current.start());
    expect(result.current).toMatchObject({ phase: 'chat', typing: true, accepting: false });
    expect(result.current.answer('cedo demais')).toBe(false);
    await wait(QUESTION_DELAY_MS);
    expect(result.current).toMatchObject({ questionNumber: 1, total: 11, percent: 9, typing: false, accepting: true });
    expect(result.current.messages).toEqual([
      { from: 'bot', text: onboardingQuestions[0].text, block: 'Estrutura de atendimento' },
    ]);

    expect(result.current.answer('   ')).toBe(false);
    let taken = false;
    act(() => {
      taken = result.current.answer(' 12 ');
    });
    expect(taken).toBe(true);
    expect(result.current.messages.at(-1)).toEqual({ from: 'user', text: '12' });
    expect(result.current.typing).toBe(true);
    await wait(QUESTION_DELAY_MS - 1);
    expect(result.current.questionNumber).toBe(1);
    await wait(1);
    expect(result.current).toMatchObject({ questionNumber: 2, percent: 18, accepting: true });
  });

  it('saves the 11 answers, then closes 2 s later and the cached profile stops asking', async () => {
    api = stubApi({ 'POST /api/onboarding': () => ({ status: 201, body: { id: 'o1', position: 9 } }) });
    const { result, queryClient } = renderChat();
    act(() => result.current.start());
    for (const question of onboardingQuestions) {
      await wait(QUESTION_DELAY_MS);
      act(() => void result.current.answer(`resposta ${question.key}`));
    }
    expect(result.current).toMatchObject({ phase: 'saving', typing: true, percent: 100 });
    await wait(0);
    expect(result.current.phase).toBe('done');
    expect(api.calls[0].body).toEqual({
      answers: Object.fromEntries(onboardingQuestions.map(({ key }) => [key, `resposta ${key}`])),
    });

    await wait(CLOSE_DELAY_MS - 1);
    expect(queryClient.getQueryData<Me>(meQuery().queryKey)?.onboardingRequired).toBe(true);
    await wait(1);
    expect(result.current.phase).toBe('closed');
    expect(queryClient.getQueryData<Me>(meQuery().queryKey)?.onboardingRequired).toBe(false);
  });

  it('goes on where it stopped after a reload, and forgets the kept answers once saved', async () => {
    api = stubApi({ 'POST /api/onboarding': () => ({ status: 201, body: { id: 'o1', position: 9 } }) });
    const first = renderChat();
    act(() => first.result.current.start());
    for (const question of onboardingQuestions.slice(0, 2)) {
      await wait(QUESTION_DELAY_MS);
      act(() => void first.result.current.answer(`resposta ${question.key}`));
    }
    first.unmount();

    const { result } = renderChat();
    expect(result.current).toMatchObject({ phase: 'chat', questionNumber: 3, accepting: true });
    expect(result.current.messages.map((message) => message.text)).toEqual([
      onboardingQuestions[0].text,
      'resposta alunos_ativos',
      onboardingQuestions[1].text,
      'resposta tipo_atendimento',
      onboardingQuestions[2].text,
    ]);
    for (const question of onboardingQuestions.slice(2)) {
      if (question !== onboardingQuestions[2]) await wait(QUESTION_DELAY_MS);
      act(() => void result.current.answer(`resposta ${question.key}`));
    }
    await wait(0);
    expect(result.current.phase).toBe('done');
    expect(api.calls[0].body).toEqual({
      answers: Object.fromEntries(onboardingQuestions.map(({ key }) => [key, `resposta ${key}`])),
    });
    const again = renderChat();
    expect(again.result.current.phase).toBe('start');
  });

  it('keeps the answers when saving fails and sends the same ones again on retry', async () => {
    let attempts = 0;
    api = stubApi({
      'POST /api/onboarding': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500 } : { status: 201, body: { id: 'o1', position: 9 } };
      },
    });
    const { result } = renderChat();
    act(() => result.current.start());
    for (const question of onboardingQuestions) {
      await wait(QUESTION_DELAY_MS);
      act(() => void result.current.answer(question.key));
    }
    await wait(0);
    expect(result.current.phase).toBe('failed');

    act(() => result.current.retry());
    await wait(0);
    expect(result.current.phase).toBe('done');
    expect(api.calls[1].body).toEqual(api.calls[0].body);
  });
});

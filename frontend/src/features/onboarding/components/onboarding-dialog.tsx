import { ActionIcon, Badge, Button, Group, Modal, Progress, ScrollArea, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChartPie, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMe } from '../../../lib/me';
import { useCompleteOnboarding, useMarkOnboardingDone } from '../api/complete-onboarding';
import { onboardingQuestions, progressPercent, type OnboardingKey } from '../lib/onboarding-questions';
import classes from './onboarding-dialog.module.css';

/** Spec 000 §9: 500 ms between questions, 2000 ms before closing. */
export const QUESTION_DELAY_MS = 500;
export const CLOSE_DELAY_MS = 2000;

type Phase = 'start' | 'chat' | 'saving' | 'failed' | 'done' | 'closed';
interface Message {
  from: 'bot' | 'user';
  text: string;
  block?: string;
}

const total = onboardingQuestions.length;

function Intro({ onStart }: { onStart: () => void }) {
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconChartPie size={32} />
      </ThemeIcon>
      <Text fw={700} fz="lg">
        Vamos montar o seu perfil financeiro
      </Text>
      <Text c="dimmed" size="sm" maw={420}>
        São {total} perguntas rápidas sobre seus alunos, sua rotina financeira, sua agenda e seus objetivos. Com
        elas o Vira calcula previsões e a reserva sugerida para você.
      </Text>
      <Button size="md" onClick={onStart}>
        Começar Configuração
      </Button>
    </Stack>
  );
}

/** 'Configuração Inicial': shown in the shell while the profile says onboarding is required; cannot be dismissed. */
export function OnboardingDialog() {
  const required = useMe().data?.onboardingRequired ?? false;
  const markOnboardingDone = useMarkOnboardingDone();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const save = useCompleteOnboarding();

  const [phase, setPhase] = useState<Phase>('start');
  const [messages, setMessages] = useState<Message[]>([]);
  const [index, setIndex] = useState(0);
  const [nextQuestion, setNextQuestion] = useState<number | null>(null);
  const [answers, setAnswers] = useState<Partial<Record<OnboardingKey, string>>>({});
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);

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

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages, nextQuestion]);

  const submitAnswers = (all: Record<OnboardingKey, string>) => {
    setPhase('saving');
    save.mutate(
      { answers: all },
      {
        onSuccess: () => {
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
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || nextQuestion !== null || phase !== 'chat') return;
    const question = onboardingQuestions[index];
    const updated = { ...answers, [question.key]: text };
    setAnswers(updated);
    setMessages((current) => [...current, { from: 'user', text }]);
    setDraft('');
    if (index + 1 < total) setNextQuestion(index + 1);
    else submitAnswers(updated as Record<OnboardingKey, string>);
  };

  const start = () => {
    setPhase('chat');
    setNextQuestion(0);
  };

  const percent = progressPercent(index);
  const waiting = nextQuestion !== null;

  return (
    <Modal
      opened={required && phase !== 'closed'}
      onClose={() => {}}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title="Configuração Inicial"
      size="lg"
      centered
      fullScreen={fullScreen}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {phase === 'start' ? (
        <Intro onStart={start} />
      ) : (
        <Stack gap="sm">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {index + 1}/{total}
              </Text>
              <Text size="sm" c="dimmed">
                {percent}% completo
              </Text>
            </Group>
            <Progress value={percent} aria-label="Progresso da configuração" />
          </Stack>
          <ScrollArea h={fullScreen ? 'calc(100dvh - 220px)' : 360} offsetScrollbars>
            <div className={classes.chat} role="log" aria-live="polite">
              {messages.map((message, position) => (
                <Stack key={position} gap={4} align={message.from === 'bot' ? 'flex-start' : 'flex-end'}>
                  {message.block && (
                    <Badge variant="light" size="sm">
                      {message.block}
                    </Badge>
                  )}
                  <div className={`${classes.bubble} ${message.from === 'bot' ? classes.bot : classes.user}`}>
                    {message.text}
                  </div>
                </Stack>
              ))}
              {(waiting || phase === 'saving') && (
                <div className={`${classes.bubble} ${classes.bot}`} aria-label="Digitando...">
                  <span className={classes.typing} aria-hidden>
                    <span />
                    <span />
                    <span />
                  </span>
                </div>
              )}
              <div ref={endRef} />
            </div>
          </ScrollArea>
          {phase === 'failed' ? (
            <Button onClick={() => submitAnswers(answers as Record<OnboardingKey, string>)}>Tentar novamente</Button>
          ) : (
            <form onSubmit={send}>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  placeholder="Digite sua resposta..."
                  aria-label="Sua resposta"
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  disabled={phase !== 'chat'}
                  data-autofocus
                />
                <ActionIcon
                  type="submit"
                  size={36}
                  aria-label="Enviar"
                  disabled={phase !== 'chat' || waiting || !draft.trim()}
                >
                  <IconSend size={18} />
                </ActionIcon>
              </Group>
            </form>
          )}
        </Stack>
      )}
    </Modal>
  );
}

import { ActionIcon, Badge, Button, Group, Modal, Progress, ScrollArea, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import IconChartPie from '@tabler/icons-react/dist/esm/icons/IconChartPie.mjs';
import IconSend from '@tabler/icons-react/dist/esm/icons/IconSend.mjs';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMe } from '../../../entities/me';
import { useOnboardingChat } from '../hooks/use-onboarding-chat';
import classes from './onboarding-dialog.module.css';

function Intro({ total, onStart }: { total: number; onStart: () => void }) {
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
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const chat = useOnboardingChat();
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [chat.messages, chat.typing]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (chat.answer(draft)) setDraft('');
  };

  return (
    <Modal
      opened={required && chat.phase !== 'closed'}
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
      {chat.phase === 'start' ? (
        <Intro total={chat.total} onStart={chat.start} />
      ) : (
        <Stack gap="sm">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {chat.questionNumber}/{chat.total}
              </Text>
              <Text size="sm" c="dimmed">
                {chat.percent}% completo
              </Text>
            </Group>
            <Progress value={chat.percent} aria-label="Progresso da configuração" />
          </Stack>
          <ScrollArea h={fullScreen ? 'calc(100dvh - 220px)' : 360} offsetScrollbars>
            <div className={classes.chat} role="log" aria-live="polite">
              {chat.messages.map((message, position) => (
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
              {chat.typing && (
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
          {chat.phase === 'failed' ? (
            <Button onClick={chat.retry}>Tentar novamente</Button>
          ) : (
            <form onSubmit={send}>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  placeholder="Digite sua resposta..."
                  aria-label="Sua resposta"
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  disabled={chat.phase !== 'chat'}
                  data-autofocus
                />
                <ActionIcon type="submit" size={36} aria-label="Enviar" disabled={!chat.accepting || !draft.trim()}>
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

import {
  ADVISOR_ERROR,
  ADVISOR_GREETING,
  ADVISOR_TITLE,
  type ChatMessage,
  chatShortcut,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CHAT_MESSAGES,
  reserveAdvice,
  studentsNamed,
  whichStudent,
} from '@contracts/advisor/api';
import { formatCentavos } from '@contracts/shared/money';
import { ActionIcon, Group, Paper, ScrollArea, Text, Textarea, Tooltip } from '@mantine/core';
import IconArrowsMaximize from '@tabler/icons-react/dist/esm/icons/IconArrowsMaximize.mjs';
import IconArrowsMinimize from '@tabler/icons-react/dist/esm/icons/IconArrowsMinimize.mjs';
import IconSend from '@tabler/icons-react/dist/esm/icons/IconSend.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { streamAdvisorAnswer } from '../api/advisor-chat';
import { financeSummaryQuery } from '../../../entities/finance-summary';
import { studentsQuery } from '../../../entities/students';
import classes from './advisor-chat.module.css';
import { useOperation } from '../../../entities/operation';
import { financeApi } from '@contracts/finance/api';

const GREETING: ChatMessage = { role: 'assistant', content: ADVISOR_GREETING };

/**
 * The floating 'Consultor Financeiro' (spec 001 §2, §4, §9): at most 380×500, expandable; Enter
 * sends, Shift+Enter breaks the line. A message is first tried as a local shortcut (record a
 * payment, how much to save); otherwise the advisor's answer streams in. On a failure the message
 * is taken back and 'Erro no chat' says why. The conversation lives here only (closing hides it).
 */
export default function AdvisorChat({
  opened,
  today,
  onClose,
}: {
  opened: boolean;
  today: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const [draft, setDraft] = useState('');
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  const record = useOperation(financeApi.record);

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages, loading]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const reply = (content: string) =>
    setMessages((current) => [...current, { role: 'assistant', content }]);

  async function answerLocally(text: string): Promise<boolean> {
    const shortcut = chatShortcut(text);
    if (!shortcut) return false;
    if (shortcut.kind === 'reserve') {
      const summary = await queryClient.fetchQuery(financeSummaryQuery(today.slice(0, 7)));
      reply(reserveAdvice(Math.round(summary.recebido * 100)));
      return true;
    }
    // The payer named is found among the active students, as a charge names its student: one
    // match is theirs (their history and balance), several are asked about, none stays a name.
    const named = shortcut.payer
      ? studentsNamed(
          shortcut.payer,
          (await queryClient.fetchQuery(studentsQuery())).items.filter((student) => student.ativo),
        )
      : [];
    if (shortcut.payer && named.length > 1) {
      reply(
        whichStudent(
          shortcut.payer,
          named.map((student) => student.nome),
        ),
      );
      return true;
    }
    const student = named.at(0);
    const descricao = student ? `Mensalidade ${student.nome}` : shortcut.descricao;
    await record.mutateAsync({
      body: {
        tipo: 'receita',
        valor: shortcut.valorCentavos / 100,
        data: today,
        descricao,
        metodoPagamento: 'pix',
        studentId: student?.id ?? null,
      },
    });
    notifySuccess('Transação criada');
    reply(
      `Pronto! Registrei a receita '${descricao}' de ${formatCentavos(shortcut.valorCentavos)} (pix, hoje).`,
    );
    return true;
  }

  async function send() {
    const text = draft.trim();
    if (!text || loading) return;
    const history: ChatMessage[] = [...messages, { role: 'user', content: text }];
    setMessages(history);
    setDraft('');
    setLoading(true);
    try {
      if (await answerLocally(text)) return;
      const abort = new AbortController();
      inFlight.current = abort;
      let started = false;
      await streamAdvisorAnswer(
        history.slice(-MAX_CHAT_MESSAGES),
        (piece) => {
          setMessages((current) => {
            if (!started) {
              started = true;
              return [...current, { role: 'assistant', content: piece }];
            }
            const last = current[current.length - 1];
            return [...current.slice(0, -1), { ...last, content: last.content + piece }];
          });
        },
        abort.signal,
      );
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // The message goes back to the box and leaves the conversation (with any partial answer).
      setMessages(history.slice(0, -1));
      setDraft(text);
      notifyError(ADVISOR_ERROR, error);
    } finally {
      inFlight.current = null;
      setLoading(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Paper
      className={classes.window}
      data-expanded={expanded || undefined}
      shadow="xl"
      radius="lg"
      withBorder
      role="dialog"
      aria-label={ADVISOR_TITLE}
      hidden={!opened}
    >
      <Group className={classes.header} justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700}>{ADVISOR_TITLE}</Text>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={expanded ? 'Recolher' : 'Expandir'}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={expanded ? 'Recolher' : 'Expandir'}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? <IconArrowsMinimize size={18} /> : <IconArrowsMaximize size={18} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Limpar conversa">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Limpar conversa"
              disabled={loading}
              onClick={() => setMessages([GREETING])}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
          <ActionIcon variant="subtle" color="gray" aria-label="Fechar" onClick={onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <ScrollArea className={classes.messages} viewportRef={viewport} type="auto">
        <div role="log" aria-live="polite" className={classes.log}>
          {messages.map((message, index) => (
            <div key={index} className={classes.message} data-role={message.role}>
              {message.content}
            </div>
          ))}
          {loading && (
            <div className={classes.message} data-role="assistant" aria-label="Digitando">
              <span className={classes.typing}>
                <span />
                <span />
                <span />
              </span>
            </div>
          )}
        </div>
      </ScrollArea>
      <Group className={classes.composer} gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          aria-label="Mensagem"
          placeholder="Pergunte sobre suas finanças..."
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          style={{ flex: 1 }}
          data-autofocus
        />
        <ActionIcon
          size={36}
          radius="xl"
          aria-label="Enviar"
          disabled={!draft.trim() || loading}
          onClick={() => void send()}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

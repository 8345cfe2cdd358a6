import { z } from 'zod';
import { formatCentavos, MAX_CENTAVOS } from '../shared/money';
import { fileAnswer, routes } from '../shared/routes';
import { wordsOf } from '../shared/names';

/**
 * The 'Consultor Financeiro' (spec 001 §2, §4, §7, §9): a floating chat on /financeiro. Its local
 * shortcuts run in the SPA before anything is sent; everything else is streamed by
 * POST /api/advisor/chat as server-sent events in the chat-completions wire format.
 */

export const ADVISOR_TITLE = 'Consultor Financeiro';
export const ADVISOR_GREETING =
  'Olá! Sou seu Consultor Financeiro. Pergunte sobre o previsto × recebido do mês, sua meta, quanto guardar ou quais alunos renovar.';
export const ADVISOR_ERROR = 'Erro no chat';
export const MAX_CHAT_MESSAGES = 30;
export const MAX_CHAT_MESSAGE_LENGTH = 2_000;

export const chatMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant'], "Mensagem: 'role' deve ser user ou assistant"),
  content: z
    .string('Mensagem: o conteúdo deve ser um texto')
    .trim()
    .min(1, 'Mensagem: o conteúdo não pode ser vazio')
    .max(MAX_CHAT_MESSAGE_LENGTH, `Mensagem: no máximo ${MAX_CHAT_MESSAGE_LENGTH} caracteres`),
});
export type ChatMessage = z.output<typeof chatMessageSchema>;

export const advisorChatSchema = z.strictObject({
  messages: z
    .array(chatMessageSchema, 'Informe as mensagens da conversa')
    .min(1, 'Informe as mensagens da conversa')
    .max(MAX_CHAT_MESSAGES, `No máximo ${MAX_CHAT_MESSAGES} mensagens por conversa`)
    .refine((messages) => messages.at(-1)?.role === 'user', 'A última mensagem deve ser do usuário'),
  /**
   * Accepted for the earlier app's clients and ignored: the advisor reads the tenant's own figures
   * on the server, never numbers a client sends.
   */
  financialContext: z.record(z.string(), z.unknown()).optional(),
});

// --- Local shortcuts (spec 001 §9) -------------------------------------------------------------

/** A message that records a payment: 'recebi 150 da Ana', 'registrar pagamento de R$ 80,50'. */
const RECORDING = /\b(registr\w*|receb\w*|pag(?:amento|ou|aram|o)\w*|entrada|lan[cç]\w*)\b/i;
const AMOUNT = /(?:r\$\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?(?:\s*(?:reais|real))?/i;
/** 'da Ana Souza', 'do João' after the amount or the verb: up to three capitalised words. */
const PAYER = /\b(?:d[aoe]|aluno|aluna)\s+((?:[A-ZÀ-Ý][\p{L}'’-]+)(?:\s+(?:d[aoe]s?\s+)?[A-ZÀ-Ý][\p{L}'’-]+){0,2})/u;

interface PaymentShortcut {
  valorCentavos: number;
  descricao: string;
  /** The name after 'da'/'do', as typed: whose payment it is, to be found among the students. */
  payer?: string;
}

/** The receita a chat message asks to record (pix, dated today), or undefined when it is no such message. */
export function paymentShortcut(message: string): PaymentShortcut | undefined {
  if (!RECORDING.test(message)) return undefined;
  const amount = AMOUNT.exec(message);
  if (!amount) return undefined;
  const units = Number(amount[1].replace(/\./g, ''));
  const centavos = units * 100 + Number((amount[2] ?? '').padEnd(2, '0') || 0);
  if (centavos <= 0 || centavos > MAX_CENTAVOS) return undefined;
  const payer = PAYER.exec(message)?.[1];
  return payer
    ? { valorCentavos: centavos, descricao: `Mensalidade ${payer}`, payer }
    : { valorCentavos: centavos, descricao: 'Recebimento' };
}

/**
 * The students a payer's name may be: those whose name starts with the words typed ('Carlos' is
 * Carlos Lima and Carlos Souza; 'Carlos Lima' only him), without case or accents.
 */
export function studentsNamed<Student extends { nome: string }>(
  payer: string,
  students: readonly Student[],
): Student[] {
  const typed = wordsOf(payer);
  return students.filter((student) => {
    const known = wordsOf(student.nome);
    return typed.length > 0 && typed.every((word, index) => known[index] === word);
  });
}

/** The question when a payer's name is more than one student's. */
export const whichStudent = (payer: string, names: readonly string[]): string =>
  `Encontrei ${names.length} alunos com o nome ${payer}: ${names.join(', ')}. De quem foi o pagamento? ` +
  `Escreva de novo com o nome completo, por exemplo 'Recebi 200 do ${names[0]}'.`;

/** 'Quanto devo guardar?', 'quanto reservar este mês' */
export const asksHowMuchToSave = (message: string): boolean =>
  /\bquanto\b[^?]*\b(guard|reserv|poup|economiz|separ)\w*/i.test(message);

/** The answer to 'quanto guardar': 20% of the month's recebido (spec 001 §9). */
export function reserveAdvice(recebidoCentavos: number): string {
  if (recebidoCentavos <= 0) return 'Ainda não há dados de recebimento este mês.';
  const reserva = Math.round(recebidoCentavos * 0.2);
  return `Sugiro guardar ${formatCentavos(reserva)} este mês: 20% dos ${formatCentavos(recebidoCentavos)} recebidos.`;
}

/** What a message asks of the chat itself, tried before the advisor (saving first: 'quanto guardar do que recebi?'). */
type ChatShortcut = { kind: 'reserve' } | ({ kind: 'payment' } & PaymentShortcut);

export function chatShortcut(message: string): ChatShortcut | undefined {
  if (asksHowMuchToSave(message)) return { kind: 'reserve' };
  const payment = paymentShortcut(message);
  return payment && { kind: 'payment', ...payment };
}

// --- The wire format -----------------------------------------------------------------------------

/** One server-sent event carrying a piece of the answer, as chat-completions providers stream it. */
export const sseDelta = (content: string): string =>
  `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
export const SSE_DONE = 'data: [DONE]\n\n';

/**
 * Reads a chat-completions stream: calls `onDelta` with each piece of content until [DONE] or the
 * end of the body. Lines other than `data:` (comments, keep-alives) are skipped.
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onDelta: (content: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const data = line.startsWith('data:') ? line.slice(5).trim() : '';
      if (!data) continue;
      if (data === '[DONE]') {
        await reader.cancel().catch(() => undefined);
        return;
      }
      const content = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta
        ?.content;
      if (content) onDelta(content);
    }
  }
}

// --- The route ------------------------------------------------------------------------------------

const trainer = routes('consultor', 'personal');

export const advisorApi = {
  chat: trainer.postRead('/advisor/chat', {
    summary:
      "Conversa com o 'Consultor Financeiro': a resposta em server-sent events no formato chat-completions (data: {choices:[{delta:{content}}]}, até data: [DONE]); sem provedor configurado, responde o consultor embutido",
    body: advisorChatSchema,
    answer: fileAnswer('text/event-stream'),
    errors: { rate_limited: 429, advisor_unavailable: 502 },
    // As it always has, the chat answers from the figures as they stand, without waiting for the
    // caller's last writes to reach finance's and students' read models.
    live: true,
  }),
};

import { type ChatMessage, readChatStream } from '../../contracts/advisor/api';
import type { AdvisorFacts } from '../../contracts/advisor/ports';
import { DomainError } from '../../platform/errors/domain-error';
import type { AdvisorConfig } from '../advisor.config';
import { systemPrompt } from '../domain/system-prompt';

/** The provider refused or failed: its status travels to the chat as 'Erro {status}: {statusText}'. */
export class AdvisorProviderError extends DomainError {
  constructor(status: number, statusText: string) {
    super('advisor_unavailable', `Erro ${status}: ${statusText}`, 502);
  }
}

const PROVIDER_TIMEOUT_MS = 30_000;

/** The configured provider, or null: the built-in advisor answers. */
export const CHAT_PROVIDER = Symbol('CHAT_PROVIDER');

export interface ChatProvider {
  /** Opens the stream (a refusal throws before anything is sent) and hands each piece to `onDelta`. */
  open(messages: readonly ChatMessage[], facts: AdvisorFacts, signal: AbortSignal): Promise<(onDelta: (piece: string) => void) => Promise<void>>;
}

/** An OpenAI-compatible chat-completions endpoint, streamed; the month's figures go as the system message. */
export function chatCompletionsProvider(
  config: Pick<AdvisorConfig, 'ADVISOR_LLM_URL' | 'ADVISOR_LLM_API_KEY' | 'ADVISOR_LLM_MODEL'>,
): ChatProvider | undefined {
  const { ADVISOR_LLM_URL: url, ADVISOR_LLM_API_KEY: key, ADVISOR_LLM_MODEL: model } = config;
  if (!url || !key || !model) return undefined;
  const endpoint = `${url.replace(/\/+$/, '')}/chat/completions`;
  return {
    async open(messages, facts, signal) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({
          model,
          stream: true,
          messages: [{ role: 'system', content: systemPrompt(facts) }, ...messages],
        }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(PROVIDER_TIMEOUT_MS)]),
      }).catch(() => {
        throw new AdvisorProviderError(503, 'Service Unavailable');
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new AdvisorProviderError(response.status, response.statusText);
      }
      const body = response.body;
      return (onDelta) => readChatStream(body, onDelta);
    },
  };
}

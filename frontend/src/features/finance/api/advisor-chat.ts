import { advisorApi, type ChatMessage, readChatStream } from '@contracts/advisor/api';
import type { InputOf } from '@contracts/shared/routes';
import { api, pathOf } from '../../../lib/api-client';

/**
 * POST /api/advisor/chat (its answer a stream of server-sent events): hands each piece of the
 * answer to `onDelta`; a refusal throws an ApiError.
 */
export async function streamAdvisorAnswer(
  messages: readonly ChatMessage[],
  onDelta: (piece: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { body }: InputOf<typeof advisorApi.chat> = { body: { messages: [...messages] } };
  const response = await api.postStream(pathOf(advisorApi.chat), body, { signal });
  if (!response.body) throw new Error('Resposta sem conteúdo');
  await readChatStream(response.body, onDelta);
}

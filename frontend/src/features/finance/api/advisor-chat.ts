import { type ChatMessage, readChatStream } from '@contracts/advisor';
import { api } from '../../../lib/api-client';

/** POST /api/advisor/chat: hands each piece of the streamed answer to `onDelta`; a refusal throws an ApiError. */
export async function streamAdvisorAnswer(
  messages: readonly ChatMessage[],
  onDelta: (piece: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await api.postStream('/advisor/chat', { messages }, { signal });
  if (!response.body) throw new Error('Resposta sem conteúdo');
  await readChatStream(response.body, onDelta);
}

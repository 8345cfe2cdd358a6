import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/session-store';

/**
 * Server state belongs to the signed-in user: when the session ends, the query cache goes with it,
 * so the next user of this browser never sees the last one's data. Answers the unsubscribe.
 */
export function clearCacheWhenSessionEnds(queryClient: QueryClient, session: typeof useSession = useSession): () => void {
  return session.subscribe((state, previous) => {
    if (previous.status === 'signed-in' && state.status !== 'signed-in') queryClient.clear();
  });
}

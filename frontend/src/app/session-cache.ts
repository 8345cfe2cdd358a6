import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/session-store';

const forgetSavedCache = () => import('./offline/persisted-cache').then(({ forgetSavedCache: forget }) => forget());

/**
 * Server state belongs to the signed-in user: when the session ends, the query cache and what was
 * saved of it on this device go with it, so the next user of this browser never sees the last
 * one's data. Answers the unsubscribe.
 */
export function clearCacheWhenSessionEnds(
  queryClient: QueryClient,
  session: typeof useSession = useSession,
  forgetSaved: () => Promise<void> = forgetSavedCache,
): () => void {
  return session.subscribe((state, previous) => {
    if (state.status !== 'signed-out' || previous.status === 'signed-out') return;
    queryClient.clear();
    void forgetSaved().catch(() => undefined);
  });
}

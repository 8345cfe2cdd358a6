import type { QueryClient } from '@tanstack/react-query';
import { meQuery } from '../entities/me';
import { recordReadAt } from '../lib/fetch-starts';
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

/**
 * The profile a session's refresh answered with is GET /api/me's answer: it goes into the cache as
 * that read's, so the first screen after a page load makes one read fewer (the greeting has its
 * name as soon as the session is up). Answers the unsubscribe.
 */
export function profileFromSession(queryClient: QueryClient, session: typeof useSession = useSession): () => void {
  const { queryKey } = meQuery();
  return session.getState().onProfile((profile, askedAt) => {
    queryClient.setQueryData(queryKey, profile);
    // Read when the refresh was asked for: joining the socket refetches it only if it changed since.
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (query) recordReadAt(query, askedAt);
  });
}

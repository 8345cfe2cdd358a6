import type { Query, QueryClient } from '@tanstack/react-query';

const startedAt = new WeakMap<Query, number>();

/**
 * Keeps when each query's latest fetch started (the browser's clock), from the client's creation
 * on: what a fetch started after a change shows that change (lib/realtime.ts, on joining).
 */
export function recordFetchStarts(queryClient: QueryClient): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch') startedAt.set(event.query, Date.now());
  });
}

/** When `query`'s latest fetch started; undefined when never seen starting. */
export const fetchStartOf = (query: Query): number | undefined => startedAt.get(query);

/**
 * `query`'s data came from another answer, asked for at `askedAt` (the profile a session refresh
 * answered with): it counts as read then, as if fetched.
 */
export function recordReadAt(query: Query, askedAt: number): void {
  startedAt.set(query, askedAt);
}

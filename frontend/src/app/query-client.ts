import { QueryClient } from '@tanstack/react-query';
import { recordFetchStarts } from '../lib/fetch-starts';

const RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 30_000;
const GC_TIME_MS = 5 * 60_000;

/** Spec 000 §9: retry 3 times, doubling from 1 s up to 30 s; garbage-collect after 5 minutes. */
export function retryDelay(failureCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: RETRIES, retryDelay, gcTime: GC_TIME_MS },
      // A write runs (and fails with the offline message) instead of waiting, paused, for a network.
      mutations: { networkMode: 'always' },
    },
  });
  // Before any query runs: on joining, the socket refetches only what was read before a change.
  recordFetchStarts(queryClient);
  return queryClient;
}

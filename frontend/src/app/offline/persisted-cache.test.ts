import { QueryClient } from '@tanstack/react-query';
import { NOT_SAVED } from '../../lib/query-meta';
import { env } from '../../config/env';
import { isRestorable, restoreSaved, savedState } from './persisted-cache';

describe('savedState', () => {
  it("saves the user's successful answers, never a failed one or one marked NOT_SAVED", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await queryClient.fetchQuery({ queryKey: ['students', 'list'], queryFn: () => ['Ana'] });
    await queryClient.fetchQuery({ queryKey: ['invites', 'detail', 't'], queryFn: () => ({ ok: true }), meta: NOT_SAVED });
    await queryClient.fetchQuery({ queryKey: ['plans'], queryFn: () => Promise.reject(new Error('x')) }).catch(() => undefined);

    const keys = savedState(queryClient).queries.map((query) => query.queryKey);
    expect(keys).toEqual([['students', 'list']]);
  });
});

describe('isRestorable', () => {
  const state = { mutations: [], queries: [] };
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('puts back what this build saved under a week ago', () => {
    expect(isRestorable({ savedAt: now - 60_000, contractsVersion: env.contractsVersion, state }, now)).toBe(true);
  });

  it('drops answers saved under other contracts or none named (their shapes may differ) and old ones', () => {
    expect(isRestorable({ savedAt: now - 60_000, contractsVersion: 'outra', state }, now)).toBe(false);
    expect(isRestorable({ savedAt: now - 60_000, state }, now)).toBe(false);
    expect(isRestorable({ savedAt: now - 8 * 86_400_000, contractsVersion: env.contractsVersion, state }, now)).toBe(false);
    expect(isRestorable(undefined, now)).toBe(false);
  });
});

describe('restoreSaved', () => {
  it('puts the saved answers back marked stale, so the next read asks again; a newer answer in the cache stays as it is', async () => {
    const earlierPage = new QueryClient();
    await earlierPage.fetchQuery({ queryKey: ['sessions', { week: 1 }], queryFn: () => ['antiga'] });
    await earlierPage.fetchQuery({ queryKey: ['students'], queryFn: () => ['Ana'] });
    const saved = savedState(earlierPage);

    const thisPage = new QueryClient();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await thisPage.fetchQuery({ queryKey: ['students'], queryFn: () => ['Ana', 'Bia'] });
    restoreSaved(thisPage, saved);

    expect(thisPage.getQueryData(['sessions', { week: 1 }])).toEqual(['antiga']);
    const sessions = thisPage.getQueryCache().find({ queryKey: ['sessions', { week: 1 }] });
    expect(sessions?.isStaleByTime(60_000)).toBe(true);
    const refetched = await thisPage.fetchQuery({ queryKey: ['sessions', { week: 1 }], queryFn: () => ['nova'], staleTime: 60_000 });
    expect(refetched).toEqual(['nova']);

    expect(thisPage.getQueryData(['students'])).toEqual(['Ana', 'Bia']);
    expect(thisPage.getQueryCache().find({ queryKey: ['students'] })?.isStaleByTime(60_000)).toBe(false);
  });
});

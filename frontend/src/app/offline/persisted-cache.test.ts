import { QueryClient } from '@tanstack/react-query';
import { NOT_SAVED, savedState } from './persisted-cache';

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

import { createQueryClient, retryDelay } from './query-client';

describe('query client defaults (spec 000 §9)', () => {
  it('retries 3 times and keeps unused data for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(3);
    expect(defaults?.gcTime).toBe(300_000);
  });

  it('doubles the wait from 1 s and never waits more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

import { FAILED_RETRY_MS, SAFETY_NET_EVERY_MS, waitAfterFailures } from '../projection-worker';

describe('how long a wake-up waits to run a projection that failed', () => {
  it('does not wait when the projection has not failed', () => {
    expect(waitAfterFailures(undefined, 1_000)).toBe(0);
  });

  it('waits the first retry time after a first failure, counted from when it failed', () => {
    // given a failure that ended at 1,000 ms
    const failures = { count: 1, at: 1_000 };
    // then a wake-up at 1,030 ms waits the rest of the first retry time, and one after it none
    expect(waitAfterFailures(failures, 1_030)).toBe(FAILED_RETRY_MS - 30);
    expect(waitAfterFailures(failures, 1_000 + FAILED_RETRY_MS)).toBe(0);
  });

  it('doubles the wait with each failure in a row, never beyond the safety net', () => {
    expect(waitAfterFailures({ count: 2, at: 1_000 }, 1_000)).toBe(2 * FAILED_RETRY_MS);
    expect(waitAfterFailures({ count: 3, at: 1_000 }, 1_000)).toBe(4 * FAILED_RETRY_MS);
    expect(waitAfterFailures({ count: 30, at: 1_000 }, 1_000)).toBe(SAFETY_NET_EVERY_MS);
  });
});

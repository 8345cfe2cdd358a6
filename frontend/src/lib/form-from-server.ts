import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A settings form starts from what the server says now, not from the copy kept on the device for
 * offline reading: true while the first read since the page opened is still on its way (with
 * `isPending`, which narrows the data, the form waits).
 */
export const awaitingFreshRead = (query: Pick<UseQueryResult, 'isFetchedAfterMount' | 'fetchStatus'>): boolean =>
  !query.isFetchedAfterMount && query.fetchStatus === 'fetching';

/**
 * The form's React key: a new form whenever the saved values change. The device's copy can be put
 * back while the fresh read is on its way (it then counts as fetched); when the read lands with other
 * values, the form starts again from them instead of keeping the old ones.
 */
export const savedValuesKey = (saved: unknown): string => JSON.stringify(saved);

import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A settings form starts from what the server says now, not from the copy kept on the device for
 * offline reading: true while a read is on its way and the data is older than the page. The device's
 * copy can be put back while the first read is on its way (it then even counts as fetched); the form
 * waits for the read instead. Offline, the read does not go out and the form shows the copy.
 * (Remounting the form on new data instead loses the save's own callbacks: a save refetches.)
 */
export function useAwaitingFreshRead(query: Pick<UseQueryResult, 'fetchStatus' | 'dataUpdatedAt'>): boolean {
  const [openedAt] = useState(Date.now);
  return query.fetchStatus === 'fetching' && query.dataUpdatedAt < openedAt;
}

import { contractsApi } from '@contracts/agreements/api';
import { chargesApi } from '@contracts/charges/api';
import { identityApi } from '@contracts/identity/api';
import { sessionsApi } from '@contracts/scheduling/api';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { stubApi } from '../test/fetch-stub';
import { contractsQuery } from './contracts';
import { dashboardQuery } from './dashboard';
import { goalsQuery } from './goals';
import { inviteQuery } from './invites';
import { invalidateAfter, useOperation } from './operation';
import { pixSettingsQuery } from './pix-settings';
import { sessionsQuery, studentSessionsQuery } from './sessions';
import { ownConsentsQuery, ownContractsQuery, studentAreaQuery } from './student-area';
import { studentsQuery } from './students';
import { tasksQuery } from './tasks';
import { twoFactorQuery } from './two-factor';

/** A cache holding an answer under each key, none stale. */
function cacheWith(keys: QueryKey[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of keys) client.setQueryData(key, {});
  return client;
}

const stale = (client: QueryClient) =>
  client.getQueryCache().findAll({ predicate: (query) => query.state.isInvalidated }).map((query) => query.queryKey);

const WEEK = { from: '2030-05-05T03:00:00.000Z', to: '2030-05-12T03:00:00.000Z' };

describe('what a command makes stale: its declared changes, through the realtime map', () => {
  it("a session changed: the agenda, the student's sessions, the dashboard and the balances, not the tasks", async () => {
    const changed = [sessionsQuery(WEEK).queryKey, studentSessionsQuery('s1').queryKey, dashboardQuery().queryKey, studentsQuery().queryKey];
    const client = cacheWith([...changed, tasksQuery().queryKey]);
    await invalidateAfter(client, sessionsApi.change);
    expect(stale(client)).toEqual(changed);
  });

  it("a student signing a contract: their own contracts, consents and area (the student's map), not the trainer's list", async () => {
    const own = [ownContractsQuery().queryKey, ownConsentsQuery().queryKey, studentAreaQuery().queryKey];
    const client = cacheWith([...own, contractsQuery().queryKey]);
    await invalidateAfter(client, contractsApi.sign);
    expect(stale(client)).toEqual(own);
  });

  it('a setting no change names: the reads of its own resource (PIX settings, two-factor)', async () => {
    const client = cacheWith([pixSettingsQuery().queryKey, goalsQuery().queryKey, twoFactorQuery().queryKey, tasksQuery().queryKey]);
    await invalidateAfter(client, chargesApi.setPixSettings);
    expect(stale(client)).toEqual([pixSettingsQuery().queryKey, goalsQuery().queryKey]);
    await invalidateAfter(client, identityApi.activateTotp);
    expect(stale(client)).toContainEqual(twoFactorQuery().queryKey);
    expect(stale(client)).not.toContainEqual(tasksQuery().queryKey);
  });

  it("a visitor's command leaves the page's reads alone: a used invite, read again, would say it is invalid", async () => {
    const client = cacheWith([inviteQuery('tok-1').queryKey]);
    await invalidateAfter(client, identityApi.acceptInvite);
    expect(stale(client)).toEqual([]);
  });

  it('useOperation calls the operation and, once it answers, refetches what it changed', async () => {
    const api = stubApi({ 'DELETE /api/sessions/s9': () => ({ status: 200, body: { id: 's9', position: 4 } }) });
    const client = cacheWith([sessionsQuery(WEEK).queryKey, tasksQuery().queryKey]);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useOperation(sessionsApi.remove), { wrapper });
    await act(() => result.current.mutateAsync({ params: { id: 's9' } }));
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/sessions/s9']);
    expect(stale(client)).toEqual([sessionsQuery(WEEK).queryKey]);
  });
});

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { recordFetchStarts } from './fetch-starts';
import {
  invalidateForChanges,
  invalidateReadBefore,
  parseChangesMessage,
  parseJoinedMessage,
  type InvalidationMap,
} from './realtime';

function clientWith(keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { items: [] });
  return client;
}

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);

/** The client handling a message of the students projection at `position` that carries `changes`. */
const receiveStudentChanges = (client: QueryClient, position: number, changes: Parameters<typeof invalidateForChanges>[1]['changes']) =>
  invalidateForChanges(client, { projection: 'students', position, changes }, map);

const map: InvalidationMap = {
  student: [['students']],
  credit: [['students'], ['finance', 'summary']],
  onboarding: [['me']],
  plan: [['plans']],
  location: [['locations']],
  task: [['tasks', 'tasks']],
  'task-list': [['tasks', 'lists']],
  session: [['sessions'], ['dashboard']],
  schedule: [['sessions']],
  availability: [['availability']],
  vacation: [['vacations']],
  directory: [['dashboard']],
  reminder: [['reminders']],
  transaction: [['finance']],
  'finance-summary': [['finance', 'summary']],
  'finance-goals': [['finance', 'goals']],
  contract: [['contracts']],
  charge: [['charges']],
  subscription: [['subscriptions']],
  erasure: [],
  'first-steps': [['dashboard']],
  whatsapp: [['settings', 'whatsapp']],
};

describe('realtime invalidation', () => {
  it('invalidates the queries under the keys mapped from the changed types', async () => {
    const client = clientWith([['students', { page: 2 }], ['students'], ['students', 's1'], ['me'], ['tasks'], ['plans']]);
    await receiveStudentChanges(client, 10, [
      { type: 'student', id: 'a' },
      { type: 'onboarding', id: 's1' },
    ]);
    expect(invalidated(client)).toEqual([['students', { page: 2 }], ['students'], ['students', 's1'], ['me']]);
  });

  it('invalidates each key once, and every key of a type', async () => {
    const client = clientWith([['students'], ['finance', 'summary', '2026-11'], ['finance', 'transactions']]);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    await receiveStudentChanges(client, 11, [
      { type: 'credit', id: 'a' },
      { type: 'credit', id: 'b' },
      { type: 'student', id: 'a' },
    ]);
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidated(client)).toEqual([['students'], ['finance', 'summary', '2026-11']]);
  });

  it("on a student's erasure, forgets every answer that names them: off screen dropped (the offline copy follows the cache), on screen read again", async () => {
    const client = clientWith([['plans'], ['students', 's9']]);
    client.setQueryData(['sessions', '2026-11'], { items: [{ id: 'x', studentId: 's9', studentNome: 'Zuleica' }] });
    client.setQueryData(['students', 's1'], { id: 's1', nome: 'Bia' });
    client.setQueryData(['students'], { items: [{ id: 's9', nome: 'Zuleica' }, { id: 's1', nome: 'Bia' }] });
    const onScreen = new QueryObserver(client, {
      queryKey: ['students'],
      queryFn: () => Promise.resolve({ items: [{ id: 's1', nome: 'Bia' }] }),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = onScreen.subscribe(() => undefined);

    await receiveStudentChanges(client, 12, [{ type: 'erasure', id: 's9' }]);

    const kept = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(kept).toEqual([['plans'], ['students', 's1'], ['students']]);
    expect(client.getQueryData(['students'])).toEqual({ items: [{ id: 's1', nome: 'Bia' }] });
    expect(JSON.stringify(client.getQueryCache().getAll().map((query) => query.state.data))).not.toContain('Zuleica');
    unsubscribe();
  });

  it('leaves everything alone for an empty change list', async () => {
    const client = clientWith([['students'], ['tasks']]);
    await invalidateForChanges(client, { projection: 'x', position: 1, changes: [] }, map);
    expect(invalidated(client)).toEqual([]);
  });

  it('accepts only well-formed messages, dropping change types this build does not know', () => {
    expect(parseChangesMessage({ projection: 'p', position: 3, changes: [{ type: 'student', id: 's' }] })).toEqual({
      projection: 'p',
      position: 3,
      changes: [{ type: 'student', id: 's' }],
    });
    expect(parseChangesMessage({ projection: 'p', changes: 'x' })).toBeNull();
    expect(parseChangesMessage('changes')).toBeNull();
    expect(
      parseChangesMessage({ projection: 'p', position: 4, changes: [{ type: 'hologram', id: 'h' }, { type: 'credit', id: 7 }, null] }),
    ).toEqual({ projection: 'p', position: 4, changes: [] });
  });
});

describe('on joining, refetching only what was read before the rooms last changed', () => {
  let now = 0;
  beforeEach(() => {
    now = 0;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  async function readAt(client: QueryClient, at: number, key: string[]) {
    now = at;
    await client.fetchQuery({ queryKey: key, queryFn: () => ({ items: [] }) });
  }

  it('refetches what was read before the change, and what it never saw being read', async () => {
    // given a dashboard read at 1 s, a student list read at 5 s and a plan list put there by hand
    const client = new QueryClient();
    recordFetchStarts(client);
    await readAt(client, 1_000, ['dashboard']);
    await readAt(client, 5_000, ['students']);
    client.setQueryData(['plans'], { items: [] });
    // when the socket joins at 6 s and hears its rooms changed 3 s ago
    now = 6_000;
    await invalidateReadBefore(client, 3_000);
    // then the dashboard (read before the change) and the plans (read who knows when) are refetched
    expect(invalidated(client)).toEqual([['dashboard'], ['plans']]);
  });

  it('refetches nothing read after a change long ago, and everything when the server cannot tell', async () => {
    const client = new QueryClient();
    recordFetchStarts(client);
    await readAt(client, 600_000, ['dashboard']);
    now = 601_000;
    await invalidateReadBefore(client, 600_000);
    expect(invalidated(client)).toEqual([]);
    await invalidateReadBefore(client, null);
    expect(invalidated(client)).toEqual([['dashboard']]);
  });

  it('reads the age only from a well-formed message', () => {
    expect(parseJoinedMessage({ changedMsAgo: 250 })).toBe(250);
    expect(parseJoinedMessage({ changedMsAgo: null })).toBeNull();
    expect(parseJoinedMessage({ changedMsAgo: -1 })).toBeNull();
    expect(parseJoinedMessage({ changedMsAgo: '250' })).toBeNull();
    expect(parseJoinedMessage(undefined)).toBeNull();
  });
});

import { QueryClient } from '@tanstack/react-query';
import { invalidateForChanges, parseChangesMessage, type InvalidationMap } from './realtime';

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
};

describe('realtime invalidation', () => {
  it('invalidates the queries under the keys mapped from the changed types', async () => {
    const client = clientWith([['students', { page: 2 }], ['students'], ['students', 's1'], ['me'], ['tasks'], ['plans']]);
    await invalidateForChanges(
      client,
      {
        projection: 'students',
        position: 10,
        changes: [
          { type: 'student', id: 'a' },
          { type: 'onboarding', id: 's1' },
        ],
      },
      map,
    );
    expect(invalidated(client)).toEqual([['students', { page: 2 }], ['students'], ['students', 's1'], ['me']]);
  });

  it('invalidates each key once, and every key of a type', async () => {
    const client = clientWith([['students'], ['finance', 'summary', '2026-11'], ['finance', 'transactions']]);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    await invalidateForChanges(
      client,
      {
        projection: 'students',
        position: 11,
        changes: [
          { type: 'credit', id: 'a' },
          { type: 'credit', id: 'b' },
          { type: 'student', id: 'a' },
        ],
      },
      map,
    );
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidated(client)).toEqual([['students'], ['finance', 'summary', '2026-11']]);
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

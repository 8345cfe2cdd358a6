import { QueryClient } from '@tanstack/react-query';
import { changesMessageSchema, invalidateForChanges, queryKeyRootsFor } from './realtime';

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

describe('realtime invalidation', () => {
  it('invalidates the queries whose key starts with a changed type', async () => {
    const client = clientWith([['sessions', { from: '2026-11-01' }], ['sessions'], ['students', 's1'], ['tasks'], ['plans']]);
    await invalidateForChanges(client, {
      projection: 'scheduling',
      position: 10,
      changes: [
        { type: 'session', id: 'a' },
        { type: 'student', id: 's1' },
      ],
    });
    expect(invalidated(client)).toEqual([['sessions', { from: '2026-11-01' }], ['sessions'], ['students', 's1']]);
  });

  it('leaves everything alone for an empty change list', async () => {
    const client = clientWith([['sessions'], ['tasks']]);
    await invalidateForChanges(client, { projection: 'x', position: 1, changes: [] });
    expect(invalidated(client)).toEqual([]);
  });

  it('maps singular change types to plural query keys', () => {
    expect(queryKeyRootsFor('task')).toEqual(['task', 'tasks']);
    expect(queryKeyRootsFor('policy')).toEqual(['policy', 'policies']);
    expect(queryKeyRootsFor('sessions')).toEqual(['sessions', 'sessions']);
  });

  it('accepts only well-formed messages', () => {
    expect(changesMessageSchema.safeParse({ projection: 'p', position: 3, changes: [{ type: 'task', id: 't' }] }).success).toBe(true);
    expect(changesMessageSchema.safeParse({ projection: 'p', changes: 'x' }).success).toBe(false);
  });
});

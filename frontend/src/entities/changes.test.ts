import { CHANGE_TYPES } from '@contracts/shared/realtime';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { dashboardQuery } from './dashboard';
import { sessionsQuery } from './sessions';
import { locationPolicyQuery, locationsQuery } from './locations';
import { studentHistoryQuery, studentQuery, studentsKey, studentsQuery } from './students';
import { taskListsQuery } from './task-lists';
import { tasksQuery } from './tasks';
import { meKey, meQuery } from './me';
import { invalidateForChanges, type InvalidationMap } from '../lib/realtime';
import { ownContractsQuery, ownHistoryQuery, studentAreaQuery, studentSlotsQuery } from './student-area';
import { invalidatedByChange, invalidatedForStudent } from './changes';

/** The keys of the queries marked stale, in the order they were cached. */
const invalidated = (client: QueryClient) =>
  client.getQueryCache().findAll({ predicate: (query) => query.state.isInvalidated }).map((query) => query.queryKey);

describe('realtime change types -> query keys', () => {
  it('maps every change type the worker pushes', () => {
    for (const type of CHANGE_TYPES) expect(invalidatedByChange[type].length).toBeGreaterThan(0);
  });

  it('refetches the profile after onboarding, and the students after a student or credit change', () => {
    expect(invalidatedByChange.onboarding).toEqual([meKey]);
    expect(invalidatedByChange.student).toEqual([['students']]);
    expect(invalidatedByChange.credit).toEqual([['students']]);
  });

  it('a credit change makes every students query stale, and nothing else', async () => {
    const client = new QueryClient();
    const studentReads = [studentsQuery().queryKey, studentQuery('s1').queryKey, studentHistoryQuery('s1').queryKey];
    for (const key of [...studentReads, meQuery().queryKey] as QueryKey[]) client.setQueryData(key, {});
    await invalidateForChanges(client, { projection: 'students', position: 7, changes: [{ type: 'credit', id: 's1' }] }, invalidatedByChange);
    expect(invalidated(client)).toEqual(studentReads);
  });

  it('a location change makes every read of /locations stale, its policies too (the agenda, the public link and the settings read the same query)', async () => {
    const client = new QueryClient();
    const locationReads: QueryKey[] = [locationsQuery().queryKey, locationPolicyQuery('l1').queryKey];
    const others: QueryKey[] = [studentsQuery().queryKey, tasksQuery().queryKey];
    for (const key of [...locationReads, ...others]) client.setQueryData(key, {});
    await invalidateForChanges(client, { projection: 'locations', position: 8, changes: [{ type: 'location', id: 'l1' }] }, invalidatedByChange);
    expect(invalidated(client)).toEqual(locationReads);
  });

  it('a task change and a task-list change each make their own resource stale', async () => {
    const client = new QueryClient();
    const keys: QueryKey[] = [tasksQuery().queryKey, taskListsQuery().queryKey];
    for (const key of keys) client.setQueryData(key, {});
    await invalidateForChanges(client, { projection: 'tasks', position: 10, changes: [{ type: 'task', id: 't1' }] }, invalidatedByChange);
    expect(invalidated(client)).toEqual([tasksQuery().queryKey]);
    await invalidateForChanges(client, { projection: 'task-lists', position: 11, changes: [{ type: 'task-list', id: 'l1' }] }, invalidatedByChange);
    expect(invalidated(client)).toEqual([tasksQuery().queryKey, taskListsQuery().queryKey]);
  });

  it("scheduling's copy of a name changing makes the sessions shown with it stale, and the dashboard", async () => {
    const client = new QueryClient();
    const range: QueryKey = sessionsQuery({ from: '2030-05-05T03:00:00.000Z', to: '2030-05-12T03:00:00.000Z' }).queryKey;
    const dashboard: QueryKey = dashboardQuery().queryKey;
    for (const key of [range, dashboard, studentsQuery().queryKey]) client.setQueryData(key, {});
    await invalidateForChanges(
      client,
      { projection: 'scheduling-students', position: 9, changes: [{ type: 'directory', id: 's1' }] },
      invalidatedByChange,
    );
    expect(invalidated(client)).toEqual([range, dashboard]);
  });

  it('does not compile without an entry for every change type', () => {
    // @ts-expect-error 'onboarding' is missing
    const incomplete: InvalidationMap = { student: [studentsKey], credit: [studentsKey] };
    expect(Object.keys(incomplete)).not.toContain('onboarding');
  });

  it("a student's own credit change makes their balance and history stale; a policy change their slots", async () => {
    const client = new QueryClient();
    const [me, history, contracts, slots] = [studentAreaQuery(), ownHistoryQuery(), ownContractsQuery(), studentSlotsQuery('l1')].map(
      (query): QueryKey => query.queryKey,
    );
    for (const key of [me, history, contracts, slots]) client.setQueryData(key, {});
    const stale = () => invalidated(client);
    await invalidateForChanges(client, { projection: 'credit-ledger', position: 3, changes: [{ type: 'credit', id: 's1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([me, history]);
    await invalidateForChanges(client, { projection: 'locations', position: 4, changes: [{ type: 'location', id: 'l1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([me, history, slots]);
  });

  it("anyone's booking makes a student's open slots stale; their own session also their area", async () => {
    const client = new QueryClient();
    const [me, slots1, slots2] = [studentAreaQuery(), studentSlotsQuery('l1'), studentSlotsQuery('l2')].map((query): QueryKey => query.queryKey);
    for (const key of [me, slots1, slots2]) client.setQueryData(key, {});
    const stale = () => invalidated(client);
    await invalidateForChanges(client, { projection: 'sessions', position: 5, changes: [{ type: 'schedule', id: 't1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([slots1, slots2]);
    await invalidateForChanges(client, { projection: 'sessions', position: 6, changes: [{ type: 'session', id: 's1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([me, slots1, slots2]);
  });
});

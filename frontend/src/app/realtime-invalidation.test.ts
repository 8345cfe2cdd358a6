import { CHANGE_TYPES } from '@contracts/realtime';
import { QueryClient } from '@tanstack/react-query';
import { agendaKeys } from '../features/agenda/api/agenda-keys';
import { dashboardKeys } from '../features/dashboard/api/dashboard-keys';
import { studentKeys } from '../features/students/api/student-keys';
import { meKeys } from '../lib/me';
import { invalidateForChanges, type InvalidationMap } from '../lib/realtime';
import { studentAreaKeys } from '../features/student-area/api/student-area-keys';
import { invalidatedByChange, invalidatedForStudent } from './realtime-invalidation';

/** The keys of the queries marked stale, in the order they were cached. */
const invalidated = (client: QueryClient) =>
  client.getQueryCache().findAll({ predicate: (query) => query.state.isInvalidated }).map((query) => query.queryKey);

describe('realtime change types -> query keys', () => {
  it('maps every change type the worker pushes', () => {
    for (const type of CHANGE_TYPES) expect(invalidatedByChange[type].length).toBeGreaterThan(0);
  });

  it('refetches the profile after onboarding, and the students after a student or credit change', () => {
    expect(invalidatedByChange.onboarding).toEqual([meKeys.all]);
    expect(invalidatedByChange.student).toEqual([['students'], ['agenda', 'students']]);
    expect(invalidatedByChange.credit).toEqual([['students'], ['agenda', 'students']]);
  });

  it('a credit change makes every students query stale, and nothing else', async () => {
    const client = new QueryClient();
    for (const key of [studentKeys.list(), studentKeys.detail('s1'), studentKeys.history('s1'), meKeys.all]) {
      client.setQueryData(key, {});
    }
    await invalidateForChanges(client, { projection: 'students', position: 7, changes: [{ type: 'credit', id: 's1' }] }, invalidatedByChange);
    expect(invalidated(client)).toEqual([studentKeys.list(), studentKeys.detail('s1'), studentKeys.history('s1')]);
  });

  it("scheduling's copy of a name changing makes the sessions shown with it stale, and the dashboard", async () => {
    const client = new QueryClient();
    const range = agendaKeys.range('2030-05-05T03:00:00.000Z', '2030-05-12T03:00:00.000Z');
    for (const key of [range, dashboardKeys.all, studentKeys.list()]) client.setQueryData(key, {});
    await invalidateForChanges(
      client,
      { projection: 'scheduling-students', position: 9, changes: [{ type: 'directory', id: 's1' }] },
      invalidatedByChange,
    );
    expect(invalidated(client)).toEqual([range, dashboardKeys.all]);
  });

  it('does not compile without an entry for every change type', () => {
    // @ts-expect-error 'onboarding' is missing
    const incomplete: InvalidationMap = { student: [studentKeys.all], credit: [studentKeys.all] };
    expect(Object.keys(incomplete)).not.toContain('onboarding');
  });

  it("a student's own credit change makes their balance and history stale; a policy change their slots", async () => {
    const client = new QueryClient();
    const keys = [studentAreaKeys.me(), studentAreaKeys.history(), studentAreaKeys.contracts(), studentAreaKeys.slots('l1')];
    for (const key of keys) client.setQueryData(key, {});
    const stale = () => invalidated(client);
    await invalidateForChanges(client, { projection: 'credit-ledger', position: 3, changes: [{ type: 'credit', id: 's1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([studentAreaKeys.me(), studentAreaKeys.history()]);
    await invalidateForChanges(client, { projection: 'locations', position: 4, changes: [{ type: 'location', id: 'l1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([studentAreaKeys.me(), studentAreaKeys.history(), studentAreaKeys.slots('l1')]);
  });

  it("anyone's booking makes a student's open slots stale; their own session also their area", async () => {
    const client = new QueryClient();
    for (const key of [studentAreaKeys.me(), studentAreaKeys.slots('l1'), studentAreaKeys.slots('l2')]) client.setQueryData(key, {});
    const stale = () => invalidated(client);
    await invalidateForChanges(client, { projection: 'sessions', position: 5, changes: [{ type: 'schedule', id: 't1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([studentAreaKeys.slots('l1'), studentAreaKeys.slots('l2')]);
    await invalidateForChanges(client, { projection: 'sessions', position: 6, changes: [{ type: 'session', id: 's1' }] }, invalidatedForStudent);
    expect(stale()).toEqual([studentAreaKeys.me(), studentAreaKeys.slots('l1'), studentAreaKeys.slots('l2')]);
  });
});

import { locationsApi } from '../../backend/src/contracts/locations/api';
import { plansApi } from '../../backend/src/contracts/plans/api';
import { sessionsApi } from '../../backend/src/contracts/scheduling/api';
import type { Operation } from '../../backend/src/contracts/shared/routes';
import { studentsApi } from '../../backend/src/contracts/students/api';
import { taskListsApi, tasksApi } from '../../backend/src/contracts/tasks/api';
import { apiFixture } from '../support/api-fixture';
import { projectAll } from '../support/projections';

/**
 * A command declares in its contract the realtime changes its events make: once it answers, the
 * SPA refetches what they map to (frontend/src/entities/changes.ts), as a socket does on hearing
 * them. Every change the worker's projections and process managers tell after a command is one it
 * declares; one it left out would keep the writer's own screen stale until the socket's message.
 */

type Response = { statusCode: number; json: () => { id: string } };

describe("a command's declared changes", () => {
  const t = apiFixture();

  /** The changes the worker tells after `send` that `operation` does not declare, and its answer. */
  async function undeclaredAfter(operation: Operation, send: () => Promise<Response>) {
    await projectAll(t.app);
    const response = await send();
    if (response.statusCode >= 300)
      throw new Error(`${operation['~orpc'].route.path}: ${response.statusCode} ${JSON.stringify(response.json())}`);
    const told = new Set<string>();
    await projectAll(t.app, 10_000, async ({ changes }) => {
      for (const change of changes) told.add(change.type);
    });
    const declared: readonly string[] = operation['~orpc'].meta.changes;
    return { id: response.json().id, undeclared: [...told].filter((type) => !declared.includes(type)), told };
  }

  it('cover what the worker tells the browsers after students, plans, locations, sessions and tasks change', async () => {
    const { api } = await t.trainer();
    const plan = await undeclaredAfter(plansApi.create, () =>
      api.post('/api/plans', { nome: 'Mensal 8', valor: 400, creditos: 8 }),
    );

    const student = await undeclaredAfter(studentsApi.create, () =>
      api.post('/api/students', { nome: 'Ana Souza', planoId: plan.id }),
    );
    const location = await undeclaredAfter(locationsApi.create, () =>
      api.post('/api/locations', { nome: 'Academia Centro' }),
    );
    const credits = await undeclaredAfter(studentsApi.grantCredits, () =>
      api.post(`/api/students/${student.id}/credits`, { amount: 4, reason: 'Pacote' }),
    );
    const times = { inicio: '2030-03-04T12:00:00-03:00', fim: '2030-03-04T13:00:00-03:00' };
    const session = await undeclaredAfter(sessionsApi.book, () =>
      api.post('/api/sessions', { studentId: student.id, locationId: location.id, ...times }),
    );
    const done = await undeclaredAfter(sessionsApi.change, () =>
      api.patch(`/api/sessions/${session.id}`, { status: 'feita' }),
    );
    const removed = await undeclaredAfter(sessionsApi.remove, () => api.delete(`/api/sessions/${session.id}`));
    const renamed = await undeclaredAfter(studentsApi.update, () =>
      api.patch(`/api/students/${student.id}`, { nome: 'Ana Lima' }),
    );
    const list = await undeclaredAfter(taskListsApi.create, () => api.post('/api/task-lists', { nome: 'Academia' }));
    const task = await undeclaredAfter(tasksApi.create, () =>
      api.post('/api/tasks', { titulo: 'Enviar treino', listId: list.id }),
    );
    const listRemoved = await undeclaredAfter(taskListsApi.remove, async () => {
      await api.delete(`/api/tasks/${task.id}`);
      return api.delete(`/api/task-lists/${list.id}`);
    });

    expect({
      plan: plan.undeclared,
      student: student.undeclared,
      location: location.undeclared,
      credits: credits.undeclared,
      session: session.undeclared,
      done: done.undeclared,
      removed: removed.undeclared,
      renamed: renamed.undeclared,
      list: list.undeclared,
      task: task.undeclared,
      listRemoved: listRemoved.undeclared,
    }).toEqual({
      plan: [],
      student: [],
      location: [],
      credits: [],
      session: [],
      done: [],
      removed: [],
      renamed: [],
      list: [],
      task: [],
      listRemoved: [],
    });
    // A session done takes a credit: the students context's process manager, told as 'credit'.
    expect(done.told).toContain('credit');
  });
});

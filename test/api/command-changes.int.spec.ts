import { contractsApi } from '../../backend/src/contracts/agreements/api';
import { chargesApi } from '../../backend/src/contracts/charges/api';
import { financeApi } from '../../backend/src/contracts/finance/api';
import { locationsApi } from '../../backend/src/contracts/locations/api';
import { remindersApi } from '../../backend/src/contracts/reminders/api';
import { plansApi } from '../../backend/src/contracts/plans/api';
import { agendaSettingsApi, sessionsApi } from '../../backend/src/contracts/scheduling/api';
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
      throw new Error(
        `${operation['~orpc'].route.path}: ${response.statusCode} ${JSON.stringify(response.json())}`,
      );
    const told = new Set<string>();
    await projectAll(t.app, 10_000, {
      afterCommit: async ({ changes }) => {
        for (const change of changes) told.add(change.type);
      },
    });
    const declared: readonly string[] = operation['~orpc'].meta.changes;
    return {
      id: response.json().id,
      undeclared: [...told].filter((type) => !declared.includes(type)),
      told,
    };
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
    const removed = await undeclaredAfter(sessionsApi.remove, () =>
      api.delete(`/api/sessions/${session.id}`),
    );
    const renamed = await undeclaredAfter(studentsApi.update, () =>
      api.patch(`/api/students/${student.id}`, { nome: 'Ana Lima' }),
    );
    const list = await undeclaredAfter(taskListsApi.create, () =>
      api.post('/api/task-lists', { nome: 'Academia' }),
    );
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

  it("cover what the worker tells after money, charges, the agenda's settings and contracts change", async () => {
    const { api } = await t.trainer();
    const pix = await undeclaredAfter(chargesApi.setPixSettings, () =>
      api.put('/api/settings/pix', {
        chave: 'rosangela@exemplo.com',
        nomeRecebedor: 'Rosangela Barros',
        cidade: 'Recife',
      }),
    );
    const plan = (await api.post('/api/plans', { nome: 'Mensal', valor: 400, creditos: 8 })).json()
      .id;
    const student = (await api.post('/api/students', { nome: 'Bia Lima', planoId: plan })).json()
      .id;
    const charge = await undeclaredAfter(chargesApi.create, () =>
      api.post('/api/charges', { studentId: student, planId: plan }),
    );
    const paid = await undeclaredAfter(chargesApi.confirm, () =>
      api.post(`/api/charges/${charge.id}/confirm`),
    );
    const other = (
      await undeclaredAfter(chargesApi.create, () =>
        api.post('/api/charges', { studentId: student, planId: plan }),
      )
    ).id;
    const cancelled = await undeclaredAfter(chargesApi.cancel, () =>
      api.post(`/api/charges/${other}/cancel`),
    );
    const receita = await undeclaredAfter(financeApi.record, () =>
      api.post('/api/transactions', {
        tipo: 'receita',
        valor: 150,
        data: '2026-03-10',
        descricao: 'Avaliação',
        metodoPagamento: 'pix',
      }),
    );
    const voided = await undeclaredAfter(financeApi.void, () =>
      api.post(`/api/transactions/${receita.id}/void`),
    );
    const goals = (await api.get('/api/settings/goals')).json();
    const goalsSet = await undeclaredAfter(financeApi.setGoals, () =>
      api.put('/api/settings/goals', { ...goals, metaMensal: 5000 }),
    );
    const availability = await undeclaredAfter(agendaSettingsApi.setAvailability, () =>
      api.put('/api/availability', {
        items: [{ dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isBlocked: false }],
      }),
    );
    const vacation = await undeclaredAfter(agendaSettingsApi.startVacation, () =>
      api.post('/api/vacations', { startDate: '2030-01-07', endDate: '2030-01-11' }),
    );
    const reminders = (await api.get('/api/settings/reminders')).json();
    const remindersSet = await undeclaredAfter(remindersApi.saveSettings, () =>
      api.put('/api/settings/reminders', { ...reminders, antecedenciaHoras: 12 }),
    );
    const contract = await undeclaredAfter(contractsApi.create, () =>
      api.post('/api/contracts', { titulo: 'Termo de adesão', conteudo: 'Eu, {{nome}}, aceito.' }),
    );

    expect({
      pix: pix.undeclared,
      charge: charge.undeclared,
      paid: paid.undeclared,
      cancelled: cancelled.undeclared,
      receita: receita.undeclared,
      voided: voided.undeclared,
      goalsSet: goalsSet.undeclared,
      availability: availability.undeclared,
      vacation: vacation.undeclared,
      remindersSet: remindersSet.undeclared,
      contract: contract.undeclared,
    }).toEqual({
      pix: [],
      charge: [],
      paid: [],
      cancelled: [],
      receita: [],
      voided: [],
      goalsSet: [],
      availability: [],
      vacation: [],
      remindersSet: [],
      contract: [],
    });
  });
});

import { apiFixture } from '../../../../test/support/api-fixture';
import { addDays, zonedParts } from '../../contracts/shared/time';

// Trainers and students sign up through the API: a bound for a busy machine, not a timing.
jest.setTimeout(120_000);

const today = () => zonedParts(new Date(), 'America/Sao_Paulo').date;

describe("what a student's erasure means for the agenda and the charges", () => {
  const t = apiFixture();

  it('takes their sessions ahead off the agenda, freeing the time, and cancels what they still owe; a paid charge and a past session stay', async () => {
    const trainer = await t.signUp();
    const { api } = trainer;
    await api.put('/api/settings/pix', {
      chave: 'carlos@exemplo.com',
      nomeRecebedor: 'Carlos',
      cidade: 'Recife',
    });
    const plan = (await api.post('/api/plans', { nome: 'Pacote 4', valor: 200, creditos: 4 })).json();
    const student = await t.student(trainer, 'Helena Prado');
    const other = (await api.post('/api/students', { nome: 'Outra Aluna' })).json().id as string;
    const at = (days: number) => {
      const inicio = new Date(`${addDays(today(), days)}T09:00:00-03:00`).toISOString();
      return { inicio, fim: new Date(Date.parse(inicio) + 3_600_000).toISOString() };
    };
    const book = async (studentId: string, days: number) => {
      const response = await api.post('/api/sessions', { studentId, ...at(days) });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const ahead = await book(student.studentId, 3);
    const past = await book(student.studentId, -3);
    const owed = (await api.post('/api/charges', { studentId: student.studentId, planId: plan.id })).json();
    const settled = (await api.post('/api/charges', { studentId: student.studentId, planId: plan.id })).json();
    expect((await api.post(`/api/charges/${settled.id}/confirm`)).statusCode).toBe(200);
    // The time ahead is taken.
    expect((await api.post('/api/sessions', { studentId: other, ...at(3) })).json().code).toBe(
      'schedule_conflict',
    );

    const erased = await api.post(`/api/students/${student.studentId}/erase`, {
      confirm: 'Helena Prado',
    });
    expect(erased.statusCode).toBe(200);
    await t.project();

    const { inicio: from } = at(-5);
    const { fim: to } = at(5);
    const sessions = (await api.get(`/api/sessions?from=${from}&to=${to}`)).json().items as {
      id: string;
      status: string;
    }[];
    expect(Object.fromEntries(sessions.map((session) => [session.id, session.status]))).toEqual({
      [ahead]: 'cancelada',
      [past]: 'agendada',
    });
    expect((await api.post('/api/sessions', { studentId: other, ...at(3) })).statusCode).toBe(201);
    const charges = (await api.get(`/api/charges?studentId=${student.studentId}`)).json().items as {
      id: string;
      status: string;
    }[];
    expect(Object.fromEntries(charges.map((charge) => [charge.id, charge.status]))).toEqual({
      [owed.id]: 'cancelada',
      [settled.id]: 'paga',
    });
  });
});

import { http } from '../../../../test/support/api';
import { workerServicesOf } from '../../../../test/support/projections';
import { apiFixture } from '../../../../test/support/api-fixture';
import { CONTEXTS } from '../../contexts';
import { addMonths, type FinanceSeriesItem } from '../../contracts/finance/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';

// The server runs at UTC; months are cut in São Paulo all the same.
process.env.TZ = 'UTC';

/** The 12-month previsto × recebido counts the cycles of monthly plans, issued or still to come. */
describe("finance's series with subscriptions", () => {
  const t = apiFixture();
  let api: ReturnType<typeof http>;

  beforeEach(async () => {
    ({ api } = await t.trainer());
  });

  it("counts each month's cycle once, and none after the cycle a cancellation keeps", async () => {
    expect(new Date(2027, 0, 1).getTimezoneOffset()).toBe(0);
    const today = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    const current = today.slice(0, 7);
    // Begun 40 days ago on the 1st: the cycles of this month (and last month's) are due already.
    const inicio = addDays(today, -40);
    const firstDue = inicio.endsWith('-01') ? inicio : `${addMonths(inicio.slice(0, 7), 1)}-01`;
    const plan = await api.post('/api/plans', {
      nome: 'Mensal 8',
      valor: 480,
      creditos: 8,
      cobranca: { tipo: 'mensal', diaVencimento: 1 },
    });
    const student = await api.post('/api/students', { nome: 'Carla Dias', whatsapp: '81987654321' });
    const subscribed = await api.post(`/api/students/${student.json().id}/subscription`, {
      planId: plan.json().id,
      inicio,
    });
    expect(subscribed.statusCode).toBe(201);
    // The cycles due so far are issued by the worker (a charge each): they count once, not twice.
    await t.project();
    const clock = CONTEXTS.flatMap((context) => context.timers ?? []).find(
      (timer) => timer.name === 'subscription-cycles-clock',
    );
    await clock!.run(workerServicesOf(t.app));
    await t.project();
    expect(
      (await api.get(`/api/charges?studentId=${student.json().id}`)).json().items.length,
    ).toBeGreaterThanOrEqual(1);

    const until = addMonths(current, 6);
    const series = async () => {
      const response = await api.get(`/api/finance/series?until=${until}&months=12`);
      expect(response.statusCode).toBe(200);
      return response.json().items as FinanceSeriesItem[];
    };
    const expected = (lastDue: string | null) =>
      Array.from({ length: 12 }, (_, index) => {
        const month = addMonths(until, index - 11);
        const counts = month >= firstDue.slice(0, 7) && (lastDue === null || month <= lastDue.slice(0, 7));
        return { month, previsto: counts ? 480 : 0, recebido: 0 };
      });
    expect(await series()).toEqual(expected(null));
    // The month's summary says the same as its bar.
    expect((await api.get(`/api/finance/summary?month=${current}`)).json().previsto).toBe(480);
    expect((await api.get(`/api/finance/summary?month=${addMonths(current, 3)}`)).json().previsto).toBe(480);

    // Cancelled today: this month's cycle (the 1st, due already) stays; none after it.
    const cancelled = await api.post(`/api/subscriptions/${subscribed.json().id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelada', ultimoVencimento: `${current}-01` });
    await t.project();
    expect(await series()).toEqual(expected(`${current}-01`));
    expect((await api.get(`/api/finance/summary?month=${addMonths(current, 1)}`)).json().previsto).toBe(0);
  });
});

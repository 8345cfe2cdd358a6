import { sql } from 'kysely';
import { http } from '../../../../test/support/api';
import { monthlyPlanAndStudent, pspFixture } from '../../../../test/support/api-pix/app-with-psp';
import { projectAll } from '../../../../test/support/projections';
import { workerDatabase } from '../../../../test/support/test-databases';
import type { Charge, Subscription } from '../../contracts/charges/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { PROJECTIONS } from '../../contexts';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { rebuildProjection } from '../../platform/projections/rebuild';
import { firstDueDate, nextDueDate } from '../domain/subscription.decider';
import { cyclesAt } from './cycles-at';

// The server runs at UTC; São Paulo's days must cut the cycles all the same.
process.env.TZ = 'UTC';

const todayInSaoPaulo = () => zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
const CPF = '529.982.247-25';

/** The last day before or on today that falls on `dayOfMonth` (29, 30 or 31: 60 days back at most). */
function lastDayNumbered(dayOfMonth: number): string {
  for (let back = 0; back <= 60; back++) {
    const day = addDays(todayInSaoPaulo(), -back);
    if (Number(day.slice(8)) === dayOfMonth) return day;
  }
  throw new Error(`nenhum dia ${dayOfMonth} nos últimos 60 dias`);
}

/** The due days of the cycles a subscription has come due by today (its lead days included). */
function duesBy(inicio: string, dia: number, horizon: string): string[] {
  const dues: string[] = [];
  for (let due = firstDueDate(inicio, dia); due <= horizon; due = nextDueDate(due, dia))
    dues.push(due);
  return dues;
}

describe('subscription cycles from events', () => {
  const fixture = pspFixture();
  let api: ReturnType<typeof http>;
  beforeEach(async () => {
    api = await fixture.trainerApi();
  });

  async function pixSettings(pix: 'manual' | 'api-pix') {
    const settings =
      pix === 'manual'
        ? { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana Souza', cidade: 'Recife' }
        : fixture.apiPixSettings(
            `psp-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com`,
          );
    expect((await api.put('/api/settings/pix', settings)).statusCode).toBe(200);
  }

  const chargesOf = async (studentId: string): Promise<Charge[]> =>
    (await api.get(`/api/charges?studentId=${studentId}`)).json().items;

  it.each(['manual', 'api-pix'] as const)(
    'issues each due cycle once (the first at once) of subscriptions started 40 days back, today and on the 29th to 31st (%s), none dated in the past at the PSP',
    async (pix) => {
      await pixSettings(pix);
      const today = todayInSaoPaulo();
      const starts: [inicio: string, dia: number][] = [
        [addDays(today, -40), Math.min(28, Number(addDays(today, -35).slice(8)))],
        [today, Math.min(28, Number(addDays(today, 3).slice(8)))],
        [lastDayNumbered(29), 1],
        [lastDayNumbered(30), 28],
        [lastDayNumbered(31), 1],
      ];
      const subscribed: { studentId: string; dues: string[] }[] = [];
      for (const [inicio, dia] of starts) {
        const { studentId, planId } = await monthlyPlanAndStudent(api, dia);
        const answer = await api.post(`/api/students/${studentId}/subscription`, {
          planId,
          inicio,
          cpf: CPF,
        });
        expect(answer.statusCode).toBe(201);
        subscribed.push({ studentId, dues: duesBy(inicio, dia, addDays(today, 5)) });
      }
      const issued = async () =>
        Promise.all(
          subscribed.map(async ({ studentId }) =>
            (await chargesOf(studentId)).map((charge) => charge.vencimento).sort(),
          ),
        );
      // No clock yet: the worker's reaction to the subscriptions alone issues each first cycle.
      await projectAll(fixture.app);
      expect(await issued()).toEqual(subscribed.map(({ dues }) => dues.slice(0, 1)));
      await cyclesAt(fixture.app, new Date());
      expect(await issued()).toEqual(subscribed.map(({ dues }) => dues));
      // The clock again, and two workers at once: nothing more.
      await Promise.all([cyclesAt(fixture.app, new Date()), cyclesAt(fixture.app, new Date())]);
      expect(await issued()).toEqual(subscribed.map(({ dues }) => dues));
      expect(subscribed.some(({ dues }) => dues.some((due) => due < today))).toBe(true);

      if (pix === 'manual') return;
      for (const { studentId } of subscribed)
        for (const charge of await chargesOf(studentId)) {
          const atPsp = fixture.psp.cob(charge.txid);
          if (charge.vencimento! < today) expect(atPsp?.kind).toBe('cob');
          else
            expect(atPsp).toMatchObject({
              kind: 'cobv',
              body: { calendario: { dataDeVencimento: charge.vencimento } },
            });
        }
    },
  );

  const puts = () =>
    fixture.psp.requests().filter((request) => /^PUT \/api\/v2\/cobv?\//.test(request)).length;
  const listed = async (studentId: string): Promise<Subscription> =>
    (await api.get(`/api/subscriptions?studentId=${studentId}`)).json().items[0];

  it("shows a cycle the PSP refused once, asks nothing again on the clock, and issues it on 'Tentar de novo'", async () => {
    await pixSettings('api-pix');
    const today = todayInSaoPaulo();
    const dia = Math.min(28, Number(addDays(today, 2).slice(8)));
    const { studentId, planId } = await monthlyPlanAndStudent(api, dia);
    fixture.psp.refuse('cobranca');
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: today,
    });
    expect(subscribed.statusCode).toBe(201);
    const id: string = subscribed.json().id;
    await projectAll(fixture.app);
    const asked = puts();
    expect(asked).toBeGreaterThan(0);
    const [due] = duesBy(today, dia, addDays(today, 5));
    expect((await listed(studentId)).ciclosRecusados).toEqual([
      {
        ciclo: due.slice(0, 7),
        vencimento: due,
        motivo: 'A chave informada não pertence ao recebedor.',
      },
    ]);
    expect(await chargesOf(studentId)).toEqual([]);

    // The PSP takes charges again; the clock alone does not send the refused one again.
    fixture.psp.refuse(null);
    await cyclesAt(fixture.app, new Date());
    await cyclesAt(fixture.app, new Date(Date.now() + 3 * 60_000));
    await cyclesAt(fixture.app, new Date(Date.now() + 2 * 3_600_000));
    expect(puts()).toBe(asked);
    expect((await listed(studentId)).ciclosRecusados).toHaveLength(1);

    const retried = await api.post(`/api/subscriptions/${id}/retry-cycle`);
    expect(retried.statusCode).toBe(200);
    await projectAll(fixture.app);
    expect((await chargesOf(studentId)).map((charge) => charge.vencimento)).toEqual([due]);
    expect((await listed(studentId)).ciclosRecusados).toEqual([]);
    const again = await api.post(`/api/subscriptions/${id}/retry-cycle`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'nothing_to_retry']);
  });

  it('tries a cycle again by itself while the PSP is down, waiting twice as long each time, and issues it once the PSP is back: one charge at the PSP', async () => {
    await pixSettings('api-pix');
    const today = todayInSaoPaulo();
    const dia = Math.min(28, Number(addDays(today, 2).slice(8)));
    const { studentId, planId } = await monthlyPlanAndStudent(api, dia);
    fixture.psp.refuse('indisponivel');
    const start = Date.now();
    const at = (minutes: number) => cyclesAt(fixture.app, new Date(start + minutes * 60_000));
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: today,
      cpf: CPF,
    });
    expect(subscribed.statusCode).toBe(201);
    await projectAll(fixture.app);
    const [due] = duesBy(today, dia, addDays(today, 5));
    const unavailable = [
      { ciclo: due.slice(0, 7), vencimento: due, motivo: 'O PSP estava indisponível' },
    ];
    expect((await listed(studentId)).ciclosRecusados).toEqual(unavailable);
    // Down, the PSP answers 503 from its OAuth2 token on: count every request.
    const asked = () => fixture.psp.requests().length;
    const firstTry = asked();

    // Within the first wait (2 minutes) the clock sends nothing; after it, the cycle again.
    await at(1);
    expect(asked()).toBe(firstTry);
    await at(3);
    const secondTry = asked();
    expect(secondTry).toBeGreaterThan(firstTry);
    expect((await listed(studentId)).ciclosRecusados).toEqual(unavailable);
    expect(await chargesOf(studentId)).toEqual([]);

    // Back, but the wait is 4 minutes now: nothing until it is over, then the cycle is issued.
    fixture.psp.refuse(null);
    await at(6);
    expect(asked()).toBe(secondTry);
    await at(7.5);
    const charges = await chargesOf(studentId);
    expect(charges.map((charge) => charge.vencimento)).toEqual([due]);
    expect(fixture.psp.cob(charges[0].txid)).toMatchObject({
      kind: 'cobv',
      revisao: 0,
      body: { calendario: { dataDeVencimento: due } },
    });
    expect((await listed(studentId)).ciclosRecusados).toEqual([]);
    // Later clocks, two workers at once: nothing more at the PSP.
    const issuedPuts = puts();
    await Promise.all([at(120), at(120)]);
    expect(puts()).toBe(issuedPuts);
    expect(await chargesOf(studentId)).toHaveLength(1);
  });

  it('rebuilds every projection from the log into tables equal to the live ones, subscriptions included', async () => {
    await pixSettings('manual');
    const { studentId, planId } = await monthlyPlanAndStudent(api, 1);
    const first = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: addDays(todayInSaoPaulo(), -40),
    });
    expect((await api.post(`/api/subscriptions/${first.json().id}/cancel`)).statusCode).toBe(200);
    expect(
      (await api.post(`/api/students/${studentId}/subscription`, { planId })).statusCode,
    ).toBe(201);
    await projectAll(fixture.app);
    const db = fixture.app.get<Db>(DATABASE);
    const tables = [...new Set(PROJECTIONS.flatMap((projection) => projection.tables))].sort();
    expect(tables).toContain('subscriptions');
    const rowsOf = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            (await sql`select * from ${sql.table(table)} t order by t::text`.execute(db)).rows,
          ]),
        ),
      );
    const live = await rowsOf();
    expect(live.subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: first.json().id, status: 'cancelada' }),
      ]),
    );
    const rebuilder = workerDatabase('subscriptions-rebuild', 2);
    try {
      for (const projection of PROJECTIONS) await rebuildProjection(rebuilder, projection);
    } finally {
      await rebuilder.destroy();
    }
    expect(await rowsOf()).toEqual(live);
  }, 120_000);
});

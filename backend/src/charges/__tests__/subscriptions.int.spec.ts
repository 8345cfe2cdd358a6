import { countEvents, http } from '../../../../test/support/api';
import { newPrincipal } from '../../../../test/support/accounts';
import { monthlyPlanAndStudent, pspFixture } from '../../../../test/support/api-pix/app-with-psp';
import { projectAll } from '../../../../test/support/projections';
import type { Charge, Subscription } from '../../contracts/charges/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { nextDueDate } from '../domain/subscription.decider';
import { cyclesAt } from './cycles-at';

// The server runs at UTC; São Paulo's days must cut the cycles all the same.
process.env.TZ = 'UTC';

const todayInSaoPaulo = () => zonedParts(new Date(), DEFAULT_TIME_ZONE).date;

describe('monthly plans that bill themselves (subscriptions)', () => {
  const fixture = pspFixture();
  let api: ReturnType<typeof http>;
  beforeEach(async () => {
    api = await fixture.trainerApi();
  });

  const issueAt = (instant: string | Date) => cyclesAt(fixture.app, instant);

  async function setUp(
    pix: 'manual' | 'api-pix',
    diaVencimento = 1,
  ): Promise<{ studentId: string; planId: string }> {
    const settings =
      pix === 'manual'
        ? { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana Souza', cidade: 'Recife' }
        : fixture.apiPixSettings(`psp-${Date.now()}@exemplo.com`);
    expect((await api.put('/api/settings/pix', settings)).statusCode).toBe(200);
    return monthlyPlanAndStudent(api, diaVencimento);
  }

  const chargesOf = async (studentId: string): Promise<Charge[]> => {
    await projectAll(fixture.app);
    return (await api.get(`/api/charges?studentId=${studentId}`)).json().items;
  };

  it('issues three cycles across month ends on São Paulo days with the server at UTC, once each', async () => {
    expect(new Date(2027, 0, 1).getTimezoneOffset()).toBe(0);
    const year = Number(addDays(todayInSaoPaulo(), -50).slice(0, 4));
    const next = year + 1;
    const { studentId, planId } = await setUp('manual');
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: `${year}-12-20`,
    });
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json()).toMatchObject({
      studentId,
      planId,
      planNome: 'Mensal 8',
      valor: 480,
      diaVencimento: 1,
      status: 'ativa',
      proximoVencimento: `${next}-01-01`,
    });

    // Dec 26 23:59 in São Paulo (already Dec 27 at UTC): five days before Jan 1 is not yet.
    await issueAt(`${year}-12-27T02:59:00Z`);
    expect(await chargesOf(studentId)).toEqual([]);
    await issueAt(`${year}-12-27T03:00:00Z`);
    await issueAt(`${year}-12-27T03:00:00Z`);
    // Jan 31 23:30 in São Paulo (Feb 1 at UTC), two workers at once.
    await Promise.all([issueAt(`${next}-02-01T02:30:00Z`), issueAt(`${next}-02-01T02:30:00Z`)]);
    // Feb 23 23:59 in São Paulo: Mar 1's cycle waits for Feb 24.
    await issueAt(`${next}-02-24T02:59:00Z`);
    expect((await chargesOf(studentId)).map((charge) => charge.vencimento)).toEqual([
      `${next}-02-01`,
      `${next}-01-01`,
    ]);
    await issueAt(`${next}-02-24T03:00:00Z`);
    await issueAt(`${next}-02-25T12:00:00Z`);

    const charges = await chargesOf(studentId);
    expect(charges.map((charge) => charge.vencimento)).toEqual([
      `${next}-03-01`,
      `${next}-02-01`,
      `${next}-01-01`,
    ]);
    for (const charge of charges)
      expect(charge).toMatchObject({
        origem: 'assinatura',
        provedor: 'manual',
        planNome: 'Mensal 8',
        valor: 480,
        creditos: 8,
        telefone: '81987654321',
      });
    expect(new Set(charges.map((charge) => charge.txid)).size).toBe(3);
    // Issued ahead and unpaid: the next due day is the first of them, until it is paid.
    const nextDue = async () =>
      (
        (await api.get(`/api/subscriptions?studentId=${studentId}`)).json().items as Subscription[]
      )[0].proximoVencimento;
    expect(await nextDue()).toBe(`${next}-01-01`);
    expect((await api.post(`/api/charges/${charges[2].id}/confirm`)).statusCode).toBe(200);
    await projectAll(fixture.app);
    expect(await nextDue()).toBe(`${next}-02-01`);
    // A cycle the trainer waives (its charge cancelled) is not owed: the next is the one after.
    expect(
      (await api.post(`/api/charges/${charges[1].id}/cancel`, { motivo: 'Mês de férias' }))
        .statusCode,
    ).toBe(200);
    await projectAll(fixture.app);
    expect(await nextDue()).toBe(`${next}-03-01`);
    // Finance's previsto counts each month's cycle, issued or still to come.
    const previsto = async (month: string) =>
      (await api.get(`/api/finance/summary?month=${month}`)).json().previsto as number;
    expect(await previsto(`${next}-03`)).toBe(480);
    expect(await previsto(`${next}-06`)).toBe(480);
    expect(await previsto(`${year}-12`)).toBe(0);

    // A paid cycle grants the plan's credits once, however often it is confirmed.
    const first = charges[2];
    const confirmations = await Promise.all([
      api.post(`/api/charges/${first.id}/confirm`),
      api.post(`/api/charges/${first.id}/confirm`),
    ]);
    for (const confirmation of confirmations) expect(confirmation.statusCode).toBe(200);
    await projectAll(fixture.app);
    expect((await api.get(`/api/students/${studentId}`)).json().creditos).toBe(8);
  });

  it('cancels from the next cycle: the cycle due stays, the one issued ahead is cancelled, none follows', async () => {
    const today = todayInSaoPaulo();
    // A due day within the 5 days ahead (every month has it): its cycle is issued already.
    const ahead = [1, 2, 3, 4, 5]
      .map((days) => addDays(today, days))
      .find((day) => Number(day.slice(8)) <= 28) as string;
    const diaVencimento = Number(ahead.slice(8));
    const [aheadYear, aheadMonth] = ahead.split('-').map(Number);
    const due = new Date(Date.UTC(aheadYear, aheadMonth - 2, diaVencimento))
      .toISOString()
      .slice(0, 10);
    const { studentId, planId } = await setUp('manual', diaVencimento);
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: due,
    });
    expect(subscribed.statusCode).toBe(201);
    await issueAt(new Date());
    expect((await chargesOf(studentId)).map((charge) => charge.vencimento)).toEqual([ahead, due]);

    const id = subscribed.json().id;
    const cancelled = await api.post(`/api/subscriptions/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelada',
      ultimoVencimento: due,
      proximoVencimento: null,
    });
    expect((await api.post(`/api/subscriptions/${id}/cancel`)).json()).toMatchObject({
      status: 'cancelada',
      ultimoVencimento: due,
    });
    await issueAt(new Date(Date.now() + 70 * 86_400_000));
    const charges = await chargesOf(studentId);
    expect(charges.map((charge) => [charge.vencimento, charge.status, charge.motivo])).toEqual([
      [ahead, 'cancelada', 'Assinatura cancelada'],
      [due, 'em_atraso', null],
    ]);
    const previsto = async (day: string) =>
      (await api.get(`/api/finance/summary?month=${day.slice(0, 7)}`)).json().previsto as number;
    expect(await previsto(due)).toBe(480);
    expect(await previsto(ahead)).toBe(0);

    // Subscribing again is a new subscription, with its own id: from today, its first due day is
    // the next one, billed under it once; the cycle the cancellation cancelled stays cancelled.
    const again = await api.post(`/api/students/${studentId}/subscription`, { planId });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(id);
    expect(again.json()).toMatchObject({ status: 'ativa', proximoVencimento: ahead });
    await issueAt(new Date());
    await issueAt(new Date());
    expect(
      (await chargesOf(studentId)).map((charge) => [charge.vencimento, charge.status]).sort(),
    ).toEqual(
      [
        [ahead, 'cancelada'],
        [ahead, 'pendente'],
        [due, 'em_atraso'],
      ].sort(),
    );
    const listed: Subscription[] = (
      await api.get(`/api/subscriptions?studentId=${studentId}`)
    ).json().items;
    expect(listed.find((subscription) => subscription.id === id)).toMatchObject({
      status: 'cancelada',
      ultimoVencimento: due,
    });
  });

  it("bills a cycle through the PSP's charge with a due date (cobv), paid by the PSP's notification with the credits once", async () => {
    const { studentId, planId } = await setUp('api-pix');
    const today = todayInSaoPaulo();
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: today,
      cpf: '529.982.247-25',
    });
    expect(subscribed.statusCode).toBe(201);
    const due = subscribed.json().proximoVencimento as string;
    await issueAt(addDays(due, -5) + 'T12:00:00Z');
    const [charge] = await chargesOf(studentId);
    expect(charge).toMatchObject({ origem: 'assinatura', provedor: 'api-pix', vencimento: due });
    const cobv = fixture.psp.cob(charge.txid);
    expect(cobv).toMatchObject({
      kind: 'cobv',
      body: {
        calendario: { dataDeVencimento: due, validadeAposVencimento: 30 },
        devedor: { cpf: '52998224725', nome: 'Carla Dias' },
        valor: { original: '480.00' },
      },
    });
    expect(charge.brCode).toContain(cobv?.location);
    await fixture.psp.pay(charge.txid);
    await fixture.psp.notify(charge.txid, 3);
    // Confirmed with the PSP (GET /cobv) before it counts: paid once, however often notified.
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await chargesOf(studentId))[0].status === 'paga') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await chargesOf(studentId))[0].status).toBe('paga');
    expect(fixture.psp.requests()).toContain(`GET /api/v2/cobv/${charge.txid}`);
    await projectAll(fixture.app);
    expect((await api.get(`/api/students/${studentId}`)).json().creditos).toBe(8);
  });

  it("pauses for some cycles: none issued meanwhile (one issued ahead cancelled), previsto leaves them out, billed again after; 409 'not_active' once cancelled", async () => {
    const today = todayInSaoPaulo();
    const ahead = [1, 2, 3, 4, 5]
      .map((days) => addDays(today, days))
      .find((day) => Number(day.slice(8)) <= 28) as string;
    const dia = Number(ahead.slice(8));
    const { studentId, planId } = await setUp('manual', dia);
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: today,
    });
    const id = subscribed.json().id as string;
    expect((await chargesOf(studentId)).map((charge) => charge.vencimento)).toEqual([ahead]);

    const invalid = await api.post(`/api/subscriptions/${id}/pause`, { ciclos: 4 });
    expect([invalid.statusCode, invalid.json().message]).toEqual([
      400,
      'Ciclos inválidos (use 1, 2, 3 ou null: até retomar)',
    ]);
    const paused = await api.post(`/api/subscriptions/${id}/pause`, { ciclos: 2 });
    const second = nextDueDate(ahead, dia);
    const third = nextDueDate(second, dia);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'pausada', pausadaAte: second.slice(0, 7) });
    expect(
      (await chargesOf(studentId)).map((charge) => [charge.vencimento, charge.status, charge.motivo]),
    ).toEqual([[ahead, 'cancelada', 'Assinatura pausada']]);
    // The clock over the paused months issues nothing; the month after, it bills again.
    await issueAt(`${addDays(second, -5)}T12:00:00Z`);
    await issueAt(`${second}T12:00:00Z`);
    expect(await chargesOf(studentId)).toHaveLength(1);
    const previsto = async (due: string) =>
      (await api.get(`/api/finance/summary?month=${due.slice(0, 7)}`)).json().previsto as number;
    expect(await previsto(ahead)).toBe(0);
    expect(await previsto(second)).toBe(0);
    expect(await previsto(third)).toBe(480);
    await issueAt(`${addDays(third, -5)}T12:00:00Z`);
    expect((await chargesOf(studentId)).map((charge) => charge.vencimento)).toEqual([third, ahead]);

    const resumed = await api.post(`/api/subscriptions/${id}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'ativa', pausadaAte: null });
    expect((await api.post(`/api/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    for (const refused of [
      await api.post(`/api/subscriptions/${id}/pause`, { ciclos: null }),
      await api.post(`/api/subscriptions/${id}/resume`),
    ])
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'not_active']);
  });

  it('refuses bad input in pt-BR naming the field, another tenant’s ids with 404, a second subscription with 409', async () => {
    const { studentId, planId } = await setUp('manual');
    const avulso = (await api.post('/api/plans', { nome: 'Avulso', valor: 90, creditos: 1 })).json()
      .id;
    const before = await countEvents(fixture.app);
    const refusals: [string, Record<string, unknown>, number, string][] = [
      [
        studentId,
        { planId: avulso },
        400,
        "Plano deve ser de cobrança mensal (marque 'Cobrança mensal' no plano)",
      ],
      [studentId, { planId, inicio: '2027-02-30' }, 400, 'Início inválido (use AAAA-MM-DD, de 1900 a 2199)'],
      [
        studentId,
        { planId, inicio: addDays(todayInSaoPaulo(), -90) },
        400,
        'Início deve estar entre 60 dias atrás e um ano à frente',
      ],
      [studentId, { planId, cpf: '111.111.111-11' }, 400, 'CPF inválido'],
      [studentId, { planId: 'x' }, 400, 'Plano inválido'],
      [planId, { planId }, 404, 'Aluno não encontrado'],
    ];
    for (const [student, body, status, message] of refusals) {
      const response = await api.post(`/api/students/${student}/subscription`, body);
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    const intruder = http(fixture.app, await newPrincipal(fixture.app));
    expect(
      (await intruder.post(`/api/students/${studentId}/subscription`, { planId })).statusCode,
    ).toBe(404);
    expect(await countEvents(fixture.app)).toBe(before);

    const subscribed = await api.post(`/api/students/${studentId}/subscription`, { planId });
    expect(subscribed.statusCode).toBe(201);
    const twice = await api.post(`/api/students/${studentId}/subscription`, { planId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('subscription_exists');
    const id = subscribed.json().id;
    const foreign = await intruder.post(`/api/subscriptions/${id}/cancel`);
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      404,
      'Assinatura não encontrada',
    ]);
    expect((await intruder.get('/api/subscriptions')).json().items).toEqual([]);
    // Subscribed, the plan and the student cannot be removed.
    expect((await api.delete(`/api/plans/${planId}`)).statusCode).toBe(409);
  });

  it('refuses to subscribe an inactive student with 409 in pt-BR, writing nothing; active again, they can', async () => {
    const { studentId, planId } = await setUp('manual');
    expect((await api.patch(`/api/students/${studentId}`, { ativo: false })).statusCode).toBe(200);
    const before = await countEvents(fixture.app);
    const refused = await api.post(`/api/students/${studentId}/subscription`, { planId });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        statusCode: 409,
        code: 'student_inactive',
        message: 'Este aluno está inativo: reative-o antes de assinar um plano mensal',
      },
    ]);
    expect(await countEvents(fixture.app)).toBe(before);
    expect((await api.patch(`/api/students/${studentId}`, { ativo: true })).statusCode).toBe(200);
    expect((await api.post(`/api/students/${studentId}/subscription`, { planId })).statusCode).toBe(
      201,
    );
  });

  it('subscribes again after a cancellation as a new subscription with its own id; the cancelled one stays as it was', async () => {
    const { studentId, planId } = await setUp('manual');
    const first = (await api.post(`/api/students/${studentId}/subscription`, { planId })).json();
    expect((await api.post(`/api/subscriptions/${first.id}/cancel`)).statusCode).toBe(200);
    const again = await api.post(`/api/students/${studentId}/subscription`, { planId });
    expect(again.statusCode).toBe(201);
    const second = again.json();
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('ativa');
    await projectAll(fixture.app);
    const listed: Subscription[] = (await api.get('/api/subscriptions')).json().items;
    expect(
      listed
        .filter((subscription) => subscription.studentId === studentId)
        .map(({ id, status }) => ({ id, status }))
        .sort((a, b) => a.status.localeCompare(b.status)),
    ).toEqual([
      { id: second.id, status: 'ativa' },
      { id: first.id, status: 'cancelada' },
    ]);
    // Still one active at a time, and a third after cancelling the second is yet another.
    expect((await api.post(`/api/students/${studentId}/subscription`, { planId })).statusCode).toBe(
      409,
    );
    expect((await api.post(`/api/subscriptions/${second.id}/cancel`)).statusCode).toBe(200);
    const third = (await api.post(`/api/students/${studentId}/subscription`, { planId })).json();
    expect([first.id, second.id]).not.toContain(third.id);
  });
});

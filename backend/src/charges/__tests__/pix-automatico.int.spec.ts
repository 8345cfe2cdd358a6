import { http } from '../../../../test/support/api';
import { monthlyPlanAndStudent, pspFixture } from '../../../../test/support/api-pix/app-with-psp';
import { projectAll, workerServicesOf } from '../../../../test/support/projections';
import { chargeReminderText, type Charge, type Subscription } from '../../contracts/charges/api';
import type { Transaction } from '../../contracts/finance/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { cyclesAt } from './cycles-at';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { reconcilePixCharges, reconcileRecurrences } from '../psp/pix-reconciliation';

// The server runs at UTC; São Paulo's days must cut the cycles all the same.
process.env.TZ = 'UTC';

const todayInSaoPaulo = () => zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
/** The same day a month earlier (days up to 28: every month has them). */
const monthBefore = (day: string) => {
  const [year, month] = day.split('-').map(Number);
  const before = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  return `${before}-${day.slice(8)}`;
};

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`esperou em vão: ${what}`);
}

describe('Pix Automático: monthly plans paid by the student’s bank (API Pix recurrences)', () => {
  const fixture = pspFixture();
  let api: ReturnType<typeof http>;
  beforeEach(async () => {
    api = await fixture.trainerApi();
  });

  /** The worker's pass at `instant`, with the PSP's clock there too. */
  const passAt = async (instant: string) => {
    fixture.psp.setNow(instant);
    await cyclesAt(fixture.app, instant);
  };

  async function setUp(diaVencimento: number) {
    const settings = {
      ...fixture.apiPixSettings(
        `psp-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com`,
      ),
      pixAutomatico: true,
      agencia: '0001',
      conta: '123456-7',
      tipoConta: 'CORRENTE',
    };
    const saved = await api.put('/api/settings/pix', settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      pixAutomatico: true,
      agencia: '0001',
      conta: '123456-7',
      tipoConta: 'CORRENTE',
    });
    return monthlyPlanAndStudent(api, diaVencimento);
  }

  const subscriptionOf = async (studentId: string): Promise<Subscription> => {
    await projectAll(fixture.app);
    return (await api.get(`/api/subscriptions?studentId=${studentId}`)).json().items[0];
  };
  const chargesOf = async (studentId: string, status?: string): Promise<Charge[]> => {
    await projectAll(fixture.app);
    const filter = status ? `&status=${status}` : '';
    return (await api.get(`/api/charges?studentId=${studentId}${filter}`)).json().items;
  };
  const creditsOf = async (studentId: string) => {
    await projectAll(fixture.app);
    return (await api.get(`/api/students/${studentId}`)).json().creditos as number;
  };
  const receitasOf = async (chargeId: string) => {
    await projectAll(fixture.app);
    const month = todayInSaoPaulo().slice(0, 7);
    const items = (await api.get(`/api/transactions?month=${month}`)).json().items as Transaction[];
    return items.filter((item) => item.referenciaId === chargeId);
  };
  const recOf = (subscriptionId: string) =>
    fixture.psp
      .recs()
      .find(
        (rec) =>
          rec.body.vinculo &&
          (rec.body.vinculo as { contrato: string }).contrato === subscriptionId.replace(/-/g, ''),
      );
  const cobrsOf = (idRec: string) => fixture.psp.cobrs().filter((cobr) => cobr.idRec === idRec);

  it('subscribes through the composite QR, is authorised by the student’s bank, bills three cycles in the window once each, settles once', async () => {
    const year = Number(addDays(todayInSaoPaulo(), -50).slice(0, 4));
    const next = year + 1;
    const { studentId, planId } = await setUp(1);
    expect(fixture.psp.requests()).toEqual(
      expect.arrayContaining(['PUT /api/v2/webhookrec', 'PUT /api/v2/webhookcobr']),
    );

    fixture.psp.setNow(`${year}-12-20T12:00:00Z`);
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: `${year}-12-20`,
      cpf: '529.982.247-25',
    });
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json().proximoVencimento).toBe(`${next}-01-01`);
    const id = subscribed.json().id as string;
    const rec = recOf(id);
    expect(rec).toMatchObject({
      status: 'CRIADA',
      body: {
        vinculo: { devedor: { cpf: '52998224725', nome: 'Carla Dias' }, objeto: 'Mensal 8' },
        calendario: { dataInicial: `${next}-02-01`, periodicidade: 'MENSAL' },
        valor: { valorRec: '480.00' },
        politicaRetentativa: 'PERMITE_3R_7D',
      },
    });
    const idRec = rec!.idRec;
    // Jornada 3: one QR that pays the first cycle (an immediate charge) and carries the recurrence.
    const qr = subscribed.json().pixAutomatico as Subscription['pixAutomatico'];
    expect(qr?.status).toBe('aguardando');
    expect(qr?.pixCopiaECola).toContain('/qr/v2/rec/');
    const [first] = await chargesOf(studentId);
    expect(first).toMatchObject({
      vencimento: `${next}-01-01`,
      provedor: 'api-pix',
      status: 'pendente',
      brCode: qr?.pixCopiaECola,
    });
    expect(qr?.pixCopiaECola).toContain(fixture.psp.cob(first.txid)?.location);

    // A forged notification is asked of the PSP, which says the recurrence still waits.
    const forged = await api.post('/api/webhooks/api-pix/rec', {
      recs: [{ idRec, status: 'APROVADA', atualizacao: [] }],
    });
    expect(forged.json()).toEqual({ recebidos: 1, confirmados: 0 });
    expect((await subscriptionOf(studentId)).pixAutomatico?.status).toBe('aguardando');

    await fixture.psp.authoriseRec(idRec);
    await until(
      'Autorizada',
      async () => (await subscriptionOf(studentId)).pixAutomatico?.status === 'autorizada',
    );
    expect((await subscriptionOf(studentId)).pixAutomatico).toEqual({
      status: 'autorizada',
      motivo: null,
      pixCopiaECola: null,
      pedidoAoBanco: null,
    });
    await until('first cycle paid', async () => (await chargesOf(studentId))[0].status === 'paga');
    expect(await creditsOf(studentId)).toBe(8);
    // Paid through the QR: the card's next due day is the next month's, across the year's end.
    expect((await subscriptionOf(studentId)).proximoVencimento).toBe(`${next}-02-01`);

    // Three cycles across month ends, each a cobr made within 10 to 2 days of its due day, once.
    const instants = [
      `${year}-12-27T12:00:00Z`,
      `${next}-01-27T03:00:00Z`,
      `${next}-02-25T12:00:00Z`,
      `${next}-03-27T12:00:00Z`,
    ];
    for (const instant of instants) {
      await passAt(instant);
      await passAt(instant);
    }
    const cobrs = cobrsOf(idRec);
    expect(
      cobrs.map((cobr) => (cobr.body.calendario as { dataDeVencimento: string }).dataDeVencimento),
    ).toEqual([`${next}-02-01`, `${next}-03-01`, `${next}-04-01`]);
    for (const cobr of cobrs) {
      const due = (cobr.body.calendario as { dataDeVencimento: string }).dataDeVencimento;
      expect(cobr.criacao >= addDays(due, -10) && cobr.criacao <= addDays(due, -2)).toBe(true);
      expect(cobr.body).toMatchObject({
        idRec,
        valor: { original: '480.00' },
        recebedor: { agencia: '0001', conta: '123456-7', tipoConta: 'CORRENTE' },
      });
    }
    const charges = await chargesOf(studentId);
    expect(charges.map((charge) => charge.vencimento)).toEqual([
      `${next}-04-01`,
      `${next}-03-01`,
      `${next}-02-01`,
      `${next}-01-01`,
    ]);
    // The cobr are debited by the student's bank: nothing to copy; the first was the QR's Pix.
    expect(charges.map((charge) => [charge.pagamento, charge.brCode === ''])).toEqual([
      ['pix-automatico', true],
      ['pix-automatico', true],
      ['pix-automatico', true],
      ['pix', false],
    ]);

    // Settled on its due day: one receita and the credits once, the notification 5 times at once.
    const february = charges[2];
    fixture.psp.setNow(`${next}-02-01T12:00:00Z`);
    await fixture.psp.settleCobr(february.txid, { lost: true });
    const statuses = await fixture.psp.notifyCobr(february.txid, 5);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await until('February paid', async () => (await chargesOf(studentId))[2].status === 'paga');
    expect(fixture.psp.requests()).toContain(`GET /api/v2/cobr/${february.txid}`);
    expect(await receitasOf(february.id)).toHaveLength(1);
    expect(await creditsOf(studentId)).toBe(16);
    expect((await subscriptionOf(studentId)).proximoVencimento).toBe(`${next}-03-01`);

    // A forged notification of March's charge as paid grants nothing: the PSP holds it unpaid.
    const march = charges[1];
    const forgedCobr = await api.post('/api/webhooks/api-pix/cobr', {
      cobsr: [{ idRec, txid: march.txid, status: 'CONCLUIDA', atualizacao: [] }],
    });
    expect(forgedCobr.json()).toEqual({ recebidos: 1, confirmados: 0 });
    expect((await chargesOf(studentId))[1].status).toBe('pendente');
    expect(await receitasOf(march.id)).toHaveLength(0);
    expect(await creditsOf(studentId)).toBe(16);
  });

  it('closing the account cancels at the PSP the recurrence still open, and every charge still owed, while its secrets are there', async () => {
    const { studentId, planId } = await setUp(1);
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      cpf: '529.982.247-25',
    });
    expect(subscribed.statusCode).toBe(201);
    const idRec = recOf(subscribed.json().id as string)!.idRec;
    await fixture.psp.authoriseRec(idRec);
    expect((await api.post('/api/charges', { studentId, planId })).statusCode).toBe(201);
    const owed = await chargesOf(studentId, 'pendente');
    expect(owed).toHaveLength(1);

    expect((await api.post('/api/account/close', { confirm: 'ENCERRAR' })).statusCode).toBe(200);

    expect(fixture.psp.rec(idRec)?.status).toBe('CANCELADA');
    const db = fixture.app.get<Db>(DATABASE);
    for (const charge of owed) {
      const last = await db
        .selectFrom('events')
        .select(['eventType', 'data'])
        .where('streamId', '=', charge.id)
        .orderBy('streamVersion', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toEqual({
        eventType: 'ChargeCancelled',
        data: expect.objectContaining({ motivo: 'Conta encerrada' }),
      });
    }
  });

  it('retries a failed attempt as the policy allows, exhausted is Em atraso; cancelling cancels the recurrence at the PSP', async () => {
    // A cycle due two days ago or a little before (a day every month has), the one before it paid
    // through the QR a month earlier.
    let due = addDays(todayInSaoPaulo(), -2);
    while (Number(due.slice(8)) > 28) due = addDays(due, -1);
    const previous = monthBefore(due);
    const { studentId, planId } = await setUp(Number(due.slice(8)));
    fixture.psp.setNow(`${previous}T12:00:00Z`);
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      inicio: previous,
      cpf: '529.982.247-25',
    });
    expect(subscribed.statusCode).toBe(201);
    const id = subscribed.json().id as string;
    const idRec = recOf(id)!.idRec;
    // The notifications lost: the worker's reconciliation finds the payment and the authorisation.
    await fixture.psp.authoriseRec(idRec, { lost: true });
    expect((await subscriptionOf(studentId)).pixAutomatico?.status).toBe('aguardando');
    const later = workerServicesOf(fixture.app, () => new Date(Date.now() + 10 * 60_000));
    await reconcileRecurrences(later);
    await reconcilePixCharges(later);
    expect((await subscriptionOf(studentId)).pixAutomatico?.status).toBe('autorizada');
    expect((await chargesOf(studentId)).map((charge) => charge.status)).toEqual(['paga']);

    await passAt(`${addDays(due, -5)}T12:00:00Z`);
    const [cobr] = cobrsOf(idRec);
    expect((await chargesOf(studentId))[0]).toMatchObject({
      vencimento: due,
      pagamento: 'pix-automatico',
      brCode: '',
    });
    expect(cobr.tentativas).toMatchObject([
      { tipo: 'AGND', status: 'AGENDADA', dataLiquidacao: due },
    ]);

    // Each rejected attempt is tried again the next day: three times (PERMITE_3R_7D), then no more.
    for (let attempt = 0; attempt < 4; attempt++) {
      fixture.psp.setNow(`${addDays(due, attempt)}T12:00:00Z`);
      await fixture.psp.failCobr(cobr.txid);
      if (attempt < 3)
        await until(`retry ${attempt + 1}`, async () => cobr.tentativas.length === attempt + 2);
    }
    expect(
      cobr.tentativas.map((tentativa) => [
        tentativa.tipo,
        tentativa.dataLiquidacao,
        tentativa.status,
      ]),
    ).toEqual([
      ['AGND', due, 'REJEITADA'],
      ['RIFL', addDays(due, 1), 'REJEITADA'],
      ['RIFL', addDays(due, 2), 'REJEITADA'],
      ['RIFL', addDays(due, 3), 'REJEITADA'],
    ]);
    expect(cobr.status).toBe('EXPIRADA');
    // The bank will not debit it any more: payable by the static code of the trainer's key.
    await until(
      'payable once exhausted',
      async () => (await chargesOf(studentId, 'em_atraso'))[0]?.pagamento === 'pix',
    );
    const late = await chargesOf(studentId, 'em_atraso');
    expect(late.map((charge) => [charge.vencimento, charge.status])).toEqual([[due, 'em_atraso']]);
    expect(late[0].brCode).toMatch(/^000201.*br\.gov\.bcb\.pix.*5406480\.00/);
    expect(late[0].brCode).toContain((await api.get('/api/settings/pix')).json().chave);
    expect(chargeReminderText(late[0])).toContain(late[0].brCode);
    const one = await api.get(`/api/charges/${late[0].id}`);
    expect(one.json()).toMatchObject({ pagamento: 'pix', brCode: late[0].brCode });
    expect(await receitasOf(late[0].id)).toHaveLength(0);
    expect(await creditsOf(studentId)).toBe(8);

    // Cancelled: the recurrence is cancelled at the PSP, and no cycle after is sent to it.
    const cancelled = await api.post(`/api/subscriptions/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelada',
      pixAutomatico: { status: 'cancelada', pixCopiaECola: null },
    });
    expect(fixture.psp.rec(idRec)?.status).toBe('CANCELADA');
    expect(fixture.psp.requests()).toContain(`PATCH /api/v2/rec/${idRec}`);
    await passAt(`${addDays(due, 26)}T12:00:00Z`);
    await passAt(`${addDays(due, 60)}T12:00:00Z`);
    expect(cobrsOf(idRec)).toHaveLength(1);
  });

  it('tells the trainer when the PSP did not make the Pix Automático: the subscription stands, its cycles charged to pay', async () => {
    const year = Number(addDays(todayInSaoPaulo(), -50).slice(0, 4));
    const next = year + 1;
    const { studentId, planId } = await setUp(1);
    fixture.psp.setNow(`${year}-12-20T12:00:00Z`);
    fixture.psp.refuse('indisponivel');
    let subscribed;
    try {
      subscribed = await api.post(`/api/students/${studentId}/subscription`, {
        planId,
        inicio: `${year}-12-20`,
        cpf: '529.982.247-25',
      });
    } finally {
      fixture.psp.refuse(null);
    }
    expect(subscribed.statusCode).toBe(201);
    const notMade = {
      status: 'ativa',
      proximoVencimento: `${next}-01-01`,
      pixAutomatico: {
        status: 'nao_criada',
        motivo: 'O PSP estava indisponível',
        pixCopiaECola: null,
        pedidoAoBanco: null,
      },
    };
    expect(subscribed.json()).toMatchObject(notMade);
    const id = subscribed.json().id as string;
    expect(recOf(id)).toBeUndefined();
    expect(await subscriptionOf(studentId)).toMatchObject(notMade);

    // The PSP back: the first cycle is a charge to pay, as without Pix Automático.
    await passAt(`${year}-12-28T12:00:00Z`);
    const charges = await chargesOf(studentId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ vencimento: `${next}-01-01`, status: 'pendente' });
    expect(fixture.psp.violations()).toEqual([]);
  });

  it('asks the student’s own bank (Jornada 1): accepted is authorised, rejected is refused; a bad account is a 400 naming it, another trainer’s a 404', async () => {
    const { studentId, planId } = await setUp(10);
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, {
      planId,
      cpf: '529.982.247-25',
    });
    const id = subscribed.json().id as string;
    const idRec = recOf(id)!.idRec;
    const request = `/api/subscriptions/${id}/pix-automatico/solicitacao`;
    const sentFor = (rec: string) =>
      fixture.psp.solicRecs().filter((solicitacao) => solicitacao.idRec === rec);

    for (const [body, message] of [
      [{ ispb: '1823612', conta: '98765-4' }, 'Banco inválido: o ISPB tem 8 letras ou dígitos'],
      [{ ispb: '18236-12', conta: '98765-4' }, 'Banco inválido: o ISPB tem 8 letras ou dígitos'],
      [
        { ispb: '18236120', conta: '98.765-A' },
        'Conta inválida: até 20 dígitos, com o dígito verificador',
      ],
      [
        { ispb: '18236120', agencia: '12345', conta: '987654' },
        'Agência inválida: até 4 dígitos, sem o dígito',
      ],
    ] as const) {
      const refused = await api.post(request, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ statusCode: 400, code: 'validation_error', message });
    }
    const stranger = await fixture.trainerApi();
    expect(
      (await stranger.post(request, { ispb: '18236120', conta: '987654' })).json(),
    ).toMatchObject({ statusCode: 404 });
    expect(sentFor(idRec)).toEqual([]);

    // An ISPB derived from an alphanumeric CNPJ (API Pix 2.9.0), typed in lower case.
    const sent = await api.post(request, { ispb: '12abc345', agencia: '0001', conta: '98.765-4' });
    expect(sent.statusCode).toBe(200);
    const pedido = (sent.json() as Subscription).pixAutomatico?.pedidoAoBanco;
    expect(sent.json().pixAutomatico).toMatchObject({ status: 'aguardando' });
    // A week to answer in the bank's app.
    const week = Date.parse(pedido!.expiraEm) - Date.parse(pedido!.enviadoEm);
    expect(Math.abs(week - 7 * 86_400_000)).toBeLessThan(60_000);
    const [solicitacao] = sentFor(idRec);
    expect(solicitacao).toMatchObject({
      status: 'ENVIADA',
      body: {
        idRec,
        calendario: { dataExpiracaoSolicitacao: pedido!.expiraEm },
        destinatario: {
          cpf: '52998224725',
          ispbParticipante: '12ABC345',
          agencia: '0001',
          conta: '987654',
        },
      },
    });
    // One request at a time, the account never kept.
    const again = await api.post(request, { ispb: '18236120', conta: '987654' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Já há um pedido aguardando a resposta do aluno no banco dele',
    );
    expect(sentFor(idRec)).toHaveLength(1);

    // Accepted in the bank's app, its notification lost: the worker asks the PSP.
    await fixture.psp.answerSolicRec(solicitacao.idSolicRec, 'aceitar', { lost: true });
    expect((await subscriptionOf(studentId)).pixAutomatico?.status).toBe('aguardando');
    await reconcileRecurrences(
      workerServicesOf(fixture.app, () => new Date(Date.now() + 10 * 60_000)),
    );
    expect((await subscriptionOf(studentId)).pixAutomatico).toEqual({
      status: 'autorizada',
      motivo: null,
      pixCopiaECola: null,
      pedidoAoBanco: null,
    });
    expect(fixture.psp.rec(idRec)).toMatchObject({
      status: 'APROVADA',
      jornada: 'JORNADA_1',
      pagador: { cpf: '52998224725', ispbParticipante: '12ABC345' },
    });
    const authorised = await api.post(request, { ispb: '18236120', conta: '987654' });
    expect(authorised.statusCode).toBe(409);
    expect(authorised.json().code).toBe('recurrence_not_waiting');

    // Another student rejects it in their bank: refused, told by the PSP's notification.
    const other = (
      await api.post('/api/students', { nome: 'Bruno Lima', whatsapp: '81987650000' })
    ).json().id as string;
    const otherId = (
      await api.post(`/api/students/${other}/subscription`, { planId, cpf: '529.982.247-25' })
    ).json().id as string;
    const otherRec = recOf(otherId)!.idRec;
    await api.post(`/api/subscriptions/${otherId}/pix-automatico/solicitacao`, {
      ispb: '60701190',
      conta: '112233',
    });
    // The worker has the subscription (its recurrence is how a notification finds it).
    await projectAll(fixture.app);
    await fixture.psp.answerSolicRec(sentFor(otherRec)[0].idSolicRec, 'rejeitar');
    await until(
      'Recusada',
      async () => (await subscriptionOf(other)).pixAutomatico?.status === 'recusada',
    );
    expect((await subscriptionOf(other)).pixAutomatico?.pedidoAoBanco).toBeNull();
  });

  it('without the student’s CPF (or once refused) the cycles are charges to pay, as without Pix Automático', async () => {
    const { studentId, planId } = await setUp(1);
    const subscribed = await api.post(`/api/students/${studentId}/subscription`, { planId });
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json().pixAutomatico).toBeNull();

    const other = (
      await api.post('/api/students', { nome: 'Bruno Lima', whatsapp: '81987650000' })
    ).json().id as string;
    const withCpf = await api.post(`/api/students/${other}/subscription`, {
      planId,
      cpf: '529.982.247-25',
    });
    const idRec = recOf(withCpf.json().id)!.idRec;
    await projectAll(fixture.app);
    await fixture.psp.refuseRec(idRec);
    await until(
      'Recusada',
      async () => (await subscriptionOf(other)).pixAutomatico?.status === 'recusada',
    );
    const due = withCpf.json().proximoVencimento as string;
    const second =
      due.slice(5, 7) === '12'
        ? `${Number(due.slice(0, 4)) + 1}-01-01`
        : `${due.slice(0, 5)}${String(Number(due.slice(5, 7)) + 1).padStart(2, '0')}-01`;
    await passAt(`${addDays(second, -5)}T12:00:00Z`);
    expect(cobrsOf(idRec)).toHaveLength(0);
    const charges = await chargesOf(other);
    expect(charges[0]).toMatchObject({ vencimento: second, provedor: 'api-pix' });
    expect(fixture.psp.cob(charges[0].txid)?.kind).toBe('cobv');
  });
});

import { http } from '../../../../test/support/api';
import { apiFixture } from '../../../../test/support/api-fixture';
import { randomUUID } from 'node:crypto';
import { type Charge, chargeReminderText } from '../../contracts/charges/api';
import { addDays, zonedParts } from '../../contracts/shared/time';
import type { Transaction } from '../../contracts/finance/api';
import { parseBrCode } from '../../contracts/charges/pix';
import type { CreditHistoryItem } from '../../contracts/students/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { ChargeCommands } from '../commands/charge.commands';

describe('charges API', () => {
  const t = apiFixture();
  let api: ReturnType<typeof http>;

  beforeEach(async () => {
    ({ api } = await t.trainer());
  });

  const pix = {
    chave: '529.982.247-25',
    nomeRecebedor: 'Ana Souza Personal Trainér',
    cidade: 'São Paulo',
  };

  async function setup(options: { pix?: boolean } = {}) {
    if (options.pix !== false)
      expect((await api.put('/api/settings/pix', pix)).statusCode).toBe(200);
    const plan = await api.post('/api/plans', { nome: 'Mensal 8 aulas', valor: 480, creditos: 8 });
    expect(plan.statusCode).toBe(201);
    const student = await api.post('/api/students', {
      nome: 'Bruno Lima',
      whatsapp: '11987654321',
    });
    expect(student.statusCode).toBe(201);
    return { planId: plan.json().id as string, studentId: student.json().id as string };
  }

  async function charge(ids: { planId: string; studentId: string }) {
    const response = await api.post('/api/charges', ids);
    if (response.statusCode !== 201) throw new Error(`${response.statusCode}: ${response.body}`);
    return response.json() as {
      id: string;
      valor: number;
      txid: string;
      brCode: string;
      status: string;
    };
  }

  const receitasOf = async (studentId: string) => {
    await t.project();
    const month = new Date().toISOString().slice(0, 7);
    const items = (await api.get(`/api/transactions?month=${month}`)).json().items as Transaction[];
    // A charge paid near midnight UTC may fall in São Paulo's previous month: look at both.
    const previous = new Date(Date.now() - 86_400_000).toISOString().slice(0, 7);
    const more =
      previous === month
        ? []
        : ((await api.get(`/api/transactions?month=${previous}`)).json().items as Transaction[]);
    return [...items, ...more].filter((item) => item.studentId === studentId);
  };

  it('saves the PIX settings normalized (CPF digits, name and city without accents, upper case)', async () => {
    expect((await api.get('/api/settings/pix')).json()).toEqual({ configurada: false });
    const saved = await api.put('/api/settings/pix', pix);
    expect(saved.statusCode).toBe(200);
    expect((await api.get('/api/settings/pix')).json()).toEqual({
      chave: '52998224725',
      tipoChave: 'cpf',
      nomeRecebedor: 'ANA SOUZA PERSONAL TRAINE',
      cidade: 'SAO PAULO',
      provedor: 'manual',
      baseUrl: null,
      clientId: null,
      credenciaisSalvas: false,
      pixAutomatico: false,
      agencia: null,
      conta: null,
      tipoConta: null,
    });
  });

  it('refuses bad PIX settings with a pt-BR 400 naming the field, writing nothing', async () => {
    const before = await t.countEvents();
    for (const [body, message] of [
      [{ ...pix, chave: '123' }, 'Chave PIX inválida'],
      [{ ...pix, nomeRecebedor: '' }, 'Informe o nome do recebedor'],
      [{ ...pix, cidade: '' }, 'Informe a cidade'],
      [{ chave: 'ana@exemplo.com' }, 'Nome do recebedor inválido'],
      [{ ...pix, agencia: '' }, 'Agência inválida: até 4 dígitos'],
      [{ ...pix, agencia: '   ' }, 'Agência inválida: até 4 dígitos'],
      [{ ...pix, conta: '' }, 'Conta inválida: use só números e o dígito'],
    ] as const) {
      const response = await api.put('/api/settings/pix', body);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await t.countEvents()).toBe(before);
  });

  it("'Testar conexão' takes an object: a null body, or a blank field, is a pt-BR 400", async () => {
    const nullBody = await api.post('/api/settings/pix/test', 'null', {
      'content-type': 'application/json',
    });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json()).toMatchObject({ code: 'validation_error', message: 'Corpo da requisição inválido' });
    const blank = await api.post('/api/settings/pix/test', { baseUrl: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('URL da API Pix inválida: use https://...');
  });

  it('creates a pendente charge with a static BR Code of the plan valor, listed by status', async () => {
    const ids = await setup();
    const created = await charge(ids);
    expect(created).toMatchObject({ valor: 480, status: 'pendente' });
    expect(created.txid).toMatch(/^[A-Z0-9]{25}$/);
    expect(parseBrCode(created.brCode)).toEqual({
      chave: '52998224725',
      nomeRecebedor: 'ANA SOUZA PERSONAL TRAINE',
      cidade: 'SAO PAULO',
      valorCentavos: 48_000,
      txid: created.txid,
    });
    await t.project();
    const pendentes = (await api.get('/api/charges?status=pendente')).json().items as Charge[];
    expect(pendentes).toMatchObject([
      {
        id: created.id,
        studentNome: 'Bruno Lima',
        planNome: 'Mensal 8 aulas',
        creditos: 8,
        valor: 480,
      },
    ]);
    expect((await api.get('/api/charges?status=paga')).json().items).toEqual([]);
    const one = await api.get(`/api/charges/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: created.id,
      status: 'pendente',
      valor: 480,
      brCode: created.brCode,
    });
  });

  it('refuses a charge without a plan, of an unknown student or plan, or before the PIX key is set', async () => {
    const ids = await setup({ pix: false });
    const before = await t.countEvents();
    const noPlan = await api.post('/api/charges', { studentId: ids.studentId });
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.body).toContain(
      'Você precisa selecionar um plano para gerar o link de pagamento.',
    );
    const noPix = await api.post('/api/charges', ids);
    expect(noPix.statusCode).toBe(422);
    expect(noPix.json().code).toBe('pix_not_configured');
    await api.put('/api/settings/pix', pix);
    const afterPix = await t.countEvents();
    expect(afterPix).toBe(before + 1);
    const unknown = '0190a0b0-0000-7000-8000-000000000000';
    expect((await api.post('/api/charges', { ...ids, planId: unknown })).statusCode).toBe(404);
    expect((await api.post('/api/charges', { ...ids, studentId: unknown })).statusCode).toBe(404);
    expect((await api.post('/api/charges', { ...ids, planId: ids.studentId })).statusCode).toBe(
      404,
    );
    expect((await api.get('/api/charges?status=qualquer')).statusCode).toBe(400);
    expect(await t.countEvents()).toBe(afterPix);
  });

  it('20 concurrent confirmations give one ChargePaid, one receita (pix, the student, referencia the charge) and one grant', async () => {
    const ids = await setup();
    const { id } = await charge(ids);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post(`/api/charges/${id}/confirm`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const transactionIds = new Set(answers.map((answer) => answer.json().transactionId));
    expect(transactionIds.size).toBe(1);
    expect(answers[0].json()).toMatchObject({ id, status: 'paga', valor: 480 });

    // The worker's process manager runs too (it replays, sends nothing again).
    const receitas = await receitasOf(ids.studentId);
    expect(receitas).toMatchObject([
      {
        id: [...transactionIds][0],
        tipo: 'receita',
        valor: 480,
        metodoPagamento: 'pix',
        referenciaId: id,
        referenciaTipo: 'cobranca',
        descricao: 'Pagamento do plano Mensal 8 aulas',
      },
    ]);
    const student = (await api.get(`/api/students/${ids.studentId}`)).json();
    expect(student.creditos).toBe(8);
    const history = (await api.get(`/api/students/${ids.studentId}/history`)).json()
      .items as CreditHistoryItem[];
    expect(history.filter((item) => item.type === 'CreditsGranted')).toMatchObject([
      {
        amount: 8,
        reason: 'Pagamento do plano Mensal 8 aulas',
        transactionId: [...transactionIds][0],
      },
    ]);
    expect(history.filter((item) => item.type === 'PaymentReceived')).toHaveLength(1);
    const db = t.app.get<Db>(DATABASE);
    const paid = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('streamId', '=', id)
      .where('eventType', '=', 'ChargePaid')
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBe(1);

    const again = await api.post(`/api/charges/${id}/confirm`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id,
      status: 'paga',
      transactionId: [...transactionIds][0],
    });
    expect((await api.get('/api/charges?status=paga')).json().items).toHaveLength(1);
  });

  it('the worker settles a payment the API did not (a crash after ChargePaid): once, whoever comes later', async () => {
    const ids = await setup();
    const { id } = await charge(ids);
    const principal = {
      tenantId: '',
      actorId: 'test',
      actorRole: 'system' as const,
      correlationId: 'c',
    };
    const { tenantId } = await t.app
      .get<Db>(DATABASE)
      .selectFrom('chargeTxids')
      .select('tenantId')
      .where('chargeId', '=', id)
      .executeTakeFirstOrThrow();
    await t.app.get(ChargeCommands).handle({ ...principal, tenantId }, id, {
      type: 'ConfirmCharge',
      via: 'manual',
      provider: null,
      endToEndId: null,
    });
    expect(await receitasOf(ids.studentId)).toHaveLength(1);
    expect((await api.get(`/api/students/${ids.studentId}`)).json().creditos).toBe(8);
    const late = await api.post(`/api/charges/${id}/confirm`);
    expect(late.statusCode).toBe(200);
    expect(await receitasOf(ids.studentId)).toHaveLength(1);
    expect((await api.get(`/api/students/${ids.studentId}`)).json().creditos).toBe(8);
  });

  it('a cancelled charge cannot be paid, and a paid one cannot be cancelled', async () => {
    const ids = await setup();
    const first = await charge(ids);
    const cancelled = await api.post(`/api/charges/${first.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelada');
    const paying = await api.post(`/api/charges/${first.id}/confirm`);
    expect(paying.statusCode).toBe(409);
    expect(paying.json()).toMatchObject({ code: 'charge_cancelled' });

    const second = await charge(ids);
    expect((await api.post(`/api/charges/${second.id}/confirm`)).statusCode).toBe(200);
    const cancelling = await api.post(`/api/charges/${second.id}/cancel`);
    expect(cancelling.statusCode).toBe(409);
    expect(cancelling.json()).toMatchObject({ code: 'charge_paid' });
    expect(await receitasOf(ids.studentId)).toHaveLength(1);
  });

  it("a pending charge past its due day (cut in São Paulo) is 'em_atraso' with its days late, in 'A receber' apart", async () => {
    const ids = await setup();
    const today = zonedParts(new Date(), 'America/Sao_Paulo').date;
    const onTime = await charge(ids);
    const bad = await api.post('/api/charges', { ...ids, vencimento: addDays(today, -400) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Vencimento deve estar a menos de um ano de hoje');
    expect((await api.post('/api/charges', { ...ids, vencimento: '2027-02-30' })).statusCode).toBe(
      400,
    );
    // Charged for what was due three days ago (São Paulo): late from the start.
    const dueBefore = await api.post('/api/charges', { ...ids, vencimento: addDays(today, -3) });
    expect(dueBefore.statusCode).toBe(201);
    // As a charge made before due days existed (no vencimento): never late.
    const { tenantId } = await t.app
      .get<Db>(DATABASE)
      .selectFrom('chargeTxids')
      .select('tenantId')
      .where('chargeId', '=', onTime.id)
      .executeTakeFirstOrThrow();
    const lateId = dueBefore.json().id as string;
    const legacyId = randomUUID();
    await t.app
      .get(ChargeCommands)
      .handle({ tenantId, actorId: 'test', actorRole: 'system', correlationId: 'c' }, legacyId, {
        type: 'CreateCharge',
        charge: {
          studentId: ids.studentId,
          studentNome: 'Bruno Lima',
          telefone: '11987654321',
          planId: ids.planId,
          planNome: 'Mensal 8 aulas',
          creditos: 8,
          valorCentavos: 48_000,
          txid: 'ANTIGA' + randomUUID().replace(/-/g, '').slice(0, 19).toUpperCase(),
          brCode: onTime.brCode,
        },
      });
    await t.project();
    const late = (await api.get('/api/charges?status=em_atraso')).json().items as Charge[];
    expect(late).toEqual([
      expect.objectContaining({
        id: lateId,
        status: 'em_atraso',
        diasEmAtraso: 3,
        vencimento: addDays(today, -3),
      }),
    ]);
    const pending = (await api.get('/api/charges?status=pendente')).json().items as Charge[];
    expect(pending).toEqual([
      expect.objectContaining({
        id: legacyId,
        status: 'pendente',
        diasEmAtraso: 0,
        vencimento: null,
        origem: 'avulsa',
      }),
      expect.objectContaining({
        id: onTime.id,
        status: 'pendente',
        diasEmAtraso: 0,
        vencimento: today,
      }),
    ]);
    expect((await api.get('/api/charges/summary')).json()).toEqual({
      pendente: { quantidade: 2, total: 960 },
      emAtraso: { quantidade: 1, total: 480 },
    });
    expect(chargeReminderText(late[0])).toContain('3 dias em atraso');
    // Paid, it is late no more.
    await api.post(`/api/charges/${lateId}/confirm`);
    await t.project();
    expect((await api.get('/api/charges?status=em_atraso')).json().items).toEqual([]);
  });

  it("another tenant's charge is 404; a student token is 403", async () => {
    const ids = await setup();
    const { id } = await charge(ids);
    const { api: intruder } = await t.trainer();
    expect((await intruder.post(`/api/charges/${id}/confirm`)).statusCode).toBe(404);
    expect((await intruder.post(`/api/charges/${id}/cancel`)).statusCode).toBe(404);
    expect((await intruder.get(`/api/charges/${id}`)).statusCode).toBe(404);
    expect((await intruder.post('/api/charges', ids)).statusCode).toBe(404);
    expect((await api.post('/api/charges/nao-e-id/confirm')).statusCode).toBe(404);
    const student = t.as(await t.principal('aluno'));
    expect((await student.post('/api/charges', ids)).statusCode).toBe(403);
    expect((await student.get('/api/settings/pix')).statusCode).toBe(403);
    await t.project();
    expect((await intruder.get('/api/charges')).json().items).toEqual([]);
  });
});

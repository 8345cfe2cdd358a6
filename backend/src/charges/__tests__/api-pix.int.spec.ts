import { randomBytes } from 'node:crypto';
import { freshAddress } from '../../../../test/support/accounts';
import { countEvents, http } from '../../../../test/support/api';
import { pspFixture } from '../../../../test/support/api-pix/app-with-psp';
import { projectAll, workerServicesOf } from '../../../../test/support/projections';
import type { Charge } from '../../contracts/charges/api';
import type { Transaction } from '../../contracts/finance/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { reconcilePixCharges } from '../psp/pix-reconciliation';
import { signPixNotification } from '../pix-signature.guard';

/** A PSP that notifies by the signed route (POST /api/webhooks/pix/psp) is also configured. */
const SIGNED_ROUTE_SECRET = 'segredo-do-psp-assinado-0123';

describe('Pix through the API Pix of a PSP (loopback PSP, mutual TLS)', () => {
  const fixture = pspFixture({
    PIX_WEBHOOK_SECRET: SIGNED_ROUTE_SECRET,
    RATE_LIMIT_API_PIX_PER_TENANT: '20/60',
  });
  let api: ReturnType<typeof http>;
  beforeEach(async () => {
    api = await fixture.trainerApi();
  });

  const chave = 'ana@exemplo.com';
  const providerSettings = () => fixture.apiPixSettings(chave);

  async function chargeThroughPsp() {
    expect((await api.put('/api/settings/pix', providerSettings())).statusCode).toBe(200);
    const plan = (
      await api.post('/api/plans', { nome: 'Pacote 8', valor: 480, creditos: 8 })
    ).json();
    const student = (
      await api.post('/api/students', { nome: 'Carla Dias', whatsapp: '81987654321' })
    ).json();
    const created = await api.post('/api/charges', { studentId: student.id, planId: plan.id });
    expect(created.statusCode).toBe(201);
    return {
      charge: created.json() as { id: string; txid: string; brCode: string },
      studentId: student.id as string,
    };
  }

  const receitasOf = async (chargeId: string) => {
    await projectAll(fixture.app);
    const months = new Set(
      [0, 86_400_000].map((ago) => new Date(Date.now() - ago).toISOString().slice(0, 7)),
    );
    const items: Transaction[] = [];
    for (const month of months)
      items.push(
        ...((await api.get(`/api/transactions?month=${month}`)).json().items as Transaction[]),
      );
    return items.filter((item) => item.referenciaId === chargeId);
  };
  const creditsOf = async (studentId: string) =>
    (await api.get(`/api/students/${studentId}`)).json().creditos as number;
  const reconcile = (minutesAhead: number) =>
    reconcilePixCharges(
      workerServicesOf(fixture.app, () => new Date(Date.now() + minutesAhead * 60_000)),
    );

  it('keeps the secrets write-only and sealed, registers the webhook, and says in pt-BR what fails', async () => {
    const before = await countEvents(fixture.app);
    const mismatched = await api.put('/api/settings/pix', {
      ...providerSettings(),
      chavePem: fixture.psp.strangerClient.chavePem,
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().message).toBe('A chave privada não é a do certificado');
    const noSecret = await api.put('/api/settings/pix', {
      ...providerSettings(),
      clientSecret: undefined,
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().message).toContain('client secret');
    expect(await countEvents(fixture.app)).toBe(before);

    const saved = await api.put('/api/settings/pix', providerSettings());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(fixture.psp.clientSecret);
    expect(saved.body).not.toContain('PRIVATE KEY');
    const settings = (await api.get('/api/settings/pix')).json();
    expect(settings).toEqual({
      chave,
      tipoChave: 'email',
      nomeRecebedor: 'ANA SOUZA',
      cidade: 'RECIFE',
      provedor: 'api-pix',
      baseUrl: fixture.psp.baseUrl,
      clientId: fixture.psp.clientId,
      credenciaisSalvas: true,
      pixAutomatico: false,
      agencia: null,
      conta: null,
      tipoConta: null,
    });
    const stored = await fixture.app
      .get<Db>(DATABASE)
      .selectFrom('pixProviderCredentials')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(fixture.psp.clientSecret);
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
    expect(fixture.psp.webhookOf(chave)).toMatch(/\/api\/webhooks\/api-pix$/);

    // Saving again without the secrets keeps them.
    const {
      clientSecret: _secret,
      certificadoPem: _cert,
      chavePem: _key,
      ...withoutSecrets
    } = providerSettings();
    expect((await api.put('/api/settings/pix', withoutSecrets)).statusCode).toBe(200);

    const test = (body: object) => api.post('/api/settings/pix/test', body);
    expect((await test({})).json()).toEqual({
      ok: true,
      message: 'Conexão com o PSP funcionando: token obtido e webhook de pagamentos registrado.',
    });
    expect((await test({ clientSecret: 'segredo-errado' })).json()).toEqual({
      ok: false,
      message: 'O PSP recusou as credenciais: confira o client id e o client secret',
    });
    expect((await test(fixture.psp.strangerClient)).json()).toEqual({
      ok: false,
      message:
        'O PSP recusou o certificado do cliente (mTLS): confira o certificado e a chave privada',
    });
    expect((await test({ baseUrl: 'https://127.0.0.1:1/api/v2' })).json()).toMatchObject({
      ok: false,
      message: 'Não foi possível conectar ao PSP em 127.0.0.1:1: confira a URL',
    });
    expect((await test({ baseUrl: 'http://127.0.0.1/api' })).json()).toMatchObject({
      ok: false,
      message: 'URL do PSP inválida: a API Pix usa https://',
    });
  });

  it('charges with PUT /cob, is paid by the confirmed notification once, whatever retries and manual confirmations follow', async () => {
    const { charge, studentId } = await chargeThroughPsp();
    const cob = fixture.psp.cob(charge.txid);
    expect(charge.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(cob?.body).toMatchObject({
      valor: { original: '480.00' },
      chave,
      calendario: { expiracao: 604_800 },
    });
    expect(charge.brCode).toContain(cob?.location);

    await fixture.psp.pay(charge.txid);
    // The notification's answer waited for the confirmation and the settlement (the worker
    // projects them; here the test does).
    await projectAll(fixture.app);
    expect((await api.get(`/api/charges/${charge.id}`)).json().status).toBe('paga');
    expect(await creditsOf(studentId)).toBe(8);

    const retries = await fixture.psp.notify(charge.txid, 5);
    expect(retries).toEqual([200, 200, 200, 200, 200]);
    expect((await api.post(`/api/charges/${charge.id}/confirm`)).statusCode).toBe(200);
    expect(await reconcile(5)).toBe(0);
    expect(await receitasOf(charge.id)).toHaveLength(1);
    expect(await creditsOf(studentId)).toBe(8);
  });

  it('a cancelled charge is taken off the PSP: its Pix Copia e Cola can no longer be paid', async () => {
    const { charge } = await chargeThroughPsp();
    const cancelled = await api.post(`/api/charges/${charge.id}/cancel`, { motivo: 'Desistiu' });
    expect(cancelled.statusCode).toBe(200);
    await projectAll(fixture.app);
    expect(fixture.psp.cob(charge.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await expect(fixture.psp.pay(charge.txid)).rejects.toThrow(/REMOVIDA_PELO_USUARIO_RECEBEDOR/);
    expect(fixture.psp.violations()).toEqual([]);
  });

  it('a Pix paid before the PSP could take the cancelled charge off is recorded: the charge paga, its receita and credits', async () => {
    const { charge, studentId } = await chargeThroughPsp();
    fixture.psp.refuse('indisponivel');
    expect((await api.post(`/api/charges/${charge.id}/cancel`)).statusCode).toBe(200);
    await projectAll(fixture.app);
    fixture.psp.refuse(null);
    expect(fixture.psp.cob(charge.txid)?.status).toBe('ATIVA');

    await fixture.psp.pay(charge.txid);
    await projectAll(fixture.app);
    expect((await api.get(`/api/charges/${charge.id}`)).json().status).toBe('paga');
    expect(await receitasOf(charge.id)).toHaveLength(1);
    expect(await creditsOf(studentId)).toBe(8);
    // By hand, a cancelled charge is still not paid.
    const other = await chargeThroughPsp();
    await api.post(`/api/charges/${other.charge.id}/cancel`);
    expect((await api.post(`/api/charges/${other.charge.id}/confirm`)).statusCode).toBe(409);
  });

  it('a refund the PSP notifies shows: the charge devolvida by that much, the receita voided for it, and the credits left to the trainer', async () => {
    const { charge, studentId } = await chargeThroughPsp();
    await fixture.psp.pay(charge.txid);
    const chargeOf = async () => {
      await projectAll(fixture.app);
      return (await api.get(`/api/charges/${charge.id}`)).json() as Charge;
    };
    const balance = async () => {
      await projectAll(fixture.app);
      return creditsOf(studentId);
    };
    const kept = async () => {
      const receitas = await receitasOf(charge.id);
      const ativas = receitas.filter((receita) => receita.status === 'ativa');
      const month = receitas[0].data.slice(0, 7);
      const summary = (await api.get(`/api/finance/summary?month=${month}`)).json();
      return {
        ativas: ativas.map((receita) => receita.valor),
        estornadas: receitas.filter((receita) => receita.status === 'estornada').length,
        recebido: summary.recebido as number,
      };
    };
    expect(await kept()).toEqual({ ativas: [480], estornadas: 0, recebido: 480 });

    // A quarter given back: the PSP's notification, retried, counts once.
    await fixture.psp.refund(charge.txid, { valor: '120.00' });
    await fixture.psp.notify(charge.txid, 3);
    expect(await chargeOf()).toMatchObject({
      status: 'devolvida',
      valorDevolvido: 120,
      creditosPendentes: 2,
    });
    expect(await kept()).toEqual({ ativas: [360], estornadas: 1, recebido: 360 });
    expect(await balance()).toBe(8);

    // Kept: nothing more to ask.
    const keep = await api.post(`/api/charges/${charge.id}/refund-credits`, { remover: false });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ status: 'devolvida' });
    expect(await chargeOf()).toMatchObject({ creditosPendentes: 0 });
    expect(await balance()).toBe(8);

    // The rest given back: 6 credits in question, the student has 3 left; removing stops at zero.
    await fixture.psp.refund(charge.txid, { valor: '360.00' });
    expect(await chargeOf()).toMatchObject({ valorDevolvido: 480, creditosPendentes: 6 });
    expect(await kept()).toEqual({ ativas: [], estornadas: 2, recebido: 0 });
    await api.post(`/api/students/${studentId}/credits/remove`, { amount: 5, motivo: 'Aulas' });
    const remove = await api.post(`/api/charges/${charge.id}/refund-credits`, { remover: true });
    expect(remove.statusCode).toBe(200);
    expect(await balance()).toBe(0);
    expect(await chargeOf()).toMatchObject({ creditosPendentes: 0 });
    expect(
      (await api.post(`/api/charges/${charge.id}/refund-credits`, { remover: true })).statusCode,
    ).toBe(200);
    expect(await balance()).toBe(0);
    expect(
      (await api.post(`/api/charges/${charge.id}/refund-credits`, { remover: 'sim' })).json(),
    ).toMatchObject({ statusCode: 400 });

    // A paid charge nothing was given back of has nothing to decide.
    const other = await chargeThroughPsp();
    await fixture.psp.pay(other.charge.txid);
    const refused = await api.post(`/api/charges/${other.charge.id}/refund-credits`, {
      remover: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'not_refunded' });
  });

  it('a lost notification is found by the reconciliation (GET /cob/{txid}) and settled once', async () => {
    const { charge, studentId } = await chargeThroughPsp();
    await fixture.psp.pay(charge.txid, { lost: true });
    await projectAll(fixture.app);
    expect((await api.get(`/api/charges/${charge.id}`)).json().status).toBe('pendente');
    // Not due yet: the first check is a minute after the charge.
    expect(await reconcile(0)).toBe(0);
    expect(await reconcile(2)).toBe(1);
    await fixture.psp.notify(charge.txid, 2);
    expect(await receitasOf(charge.id)).toHaveLength(1);
    expect(await creditsOf(studentId)).toBe(8);
    expect((await api.get(`/api/charges/${charge.id}`)).json()).toMatchObject({ status: 'paga' });
  });

  it('a forged or unconfirmed notification grants nothing', async () => {
    const { charge, studentId } = await chargeThroughPsp();
    const forge = (endToEndId: string) =>
      fetch(`${fixture.psp.webhookOf(chave)}/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          pix: [
            { endToEndId, txid: charge.txid, valor: '480.00', horario: new Date().toISOString() },
          ],
        }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const forgedE2e = `E${randomBytes(16).toString('hex').slice(0, 31)}`;

    // Not paid at the PSP: the notification is a lie.
    const unconfirmed = {
      recebidos: 1,
      confirmados: 0,
      jaRegistrados: 0,
      repetidos: 0,
      naoConfirmados: 1,
      adiados: 0,
      devolucoes: 0,
    };
    expect(await forge(forgedE2e)).toEqual({ status: 200, body: unconfirmed });
    // Paid at the PSP by another Pix: this endToEndId is still not the PSP's.
    await fixture.psp.pay(charge.txid, { lost: true });
    expect(await forge(forgedE2e)).toEqual({ status: 200, body: unconfirmed });
    // The PSP down: nothing is believed until it answers.
    fixture.psp.refuse('indisponivel');
    expect((await fixture.psp.notify(charge.txid)).length).toBe(1);
    await projectAll(fixture.app);
    expect((await api.get(`/api/charges/${charge.id}`)).json().status).toBe('pendente');
    expect(await receitasOf(charge.id)).toHaveLength(0);
    expect(await creditsOf(studentId)).toBe(0);
    // A malformed body is a 400 naming the field.
    const malformed = await fetch(`${fixture.psp.webhookOf(chave)}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [{ endToEndId: 'curto', valor: '1,00' }] }),
    });
    expect(malformed.status).toBe(400);
    // A Pix without its time is no Pix of the standard.
    const noTime = await fetch(`${fixture.psp.webhookOf(chave)}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pix: [{ endToEndId: forgedE2e, txid: charge.txid, valor: '480.00', horario: '' }],
      }),
    });
    expect(noTime.status).toBe(400);
    expect(((await noTime.json()) as { message: string }).message).toContain('horario inválido');
    fixture.psp.refuse(null);
    expect(await reconcile(2)).toBe(1);
    expect(await receitasOf(charge.id)).toHaveLength(1);
  });

  it('takes an alphanumeric CNPJ key (IN RFB 2229/2024) as typed: Tipo CNPJ, the static BR Code, the cob and the webhook', async () => {
    const typed = '12.abc.345/01de-35';
    const cnpj = '12ABC34501DE35';
    const manual = await api.put('/api/settings/pix', {
      chave: typed,
      nomeRecebedor: 'Ana Souza',
      cidade: 'Recife',
    });
    expect(manual.statusCode).toBe(200);
    expect(manual.json()).toMatchObject({ chave: cnpj, tipoChave: 'cnpj' });
    const plan = (await api.post('/api/plans', { nome: 'Aula', valor: 90, creditos: 1 })).json();
    const student = (await api.post('/api/students', { nome: 'Davi' })).json();
    const staticCharge = await api.post('/api/charges', { studentId: student.id, planId: plan.id });
    expect(staticCharge.statusCode).toBe(201);
    expect(staticCharge.json().brCode).toContain(`0114${cnpj}`);

    expect((await api.put('/api/settings/pix', fixture.apiPixSettings(typed))).statusCode).toBe(
      200,
    );
    expect((await api.get('/api/settings/pix')).json()).toMatchObject({
      chave: cnpj,
      tipoChave: 'cnpj',
    });
    expect(fixture.psp.webhookOf(cnpj)).toMatch(/\/api\/webhooks\/api-pix$/);
    const charge = await api.post('/api/charges', { studentId: student.id, planId: plan.id });
    expect(charge.statusCode).toBe(201);
    expect(fixture.psp.cob(charge.json().txid)?.body).toMatchObject({ chave: cnpj });
  });

  it('the signed route (/api/webhooks/pix/:provider) pays no API Pix charge, nor any charge of a trainer who uses api-pix', async () => {
    const signed = (txid: string) => {
      const raw = JSON.stringify({
        txid,
        endToEndId: `E${randomBytes(16).toString('hex').slice(0, 31)}`,
      });
      return fixture.app.inject({
        method: 'POST',
        url: '/api/webhooks/pix/psp',
        headers: {
          'content-type': 'application/json',
          'x-signature': signPixNotification(SIGNED_ROUTE_SECRET, raw),
        },
        payload: raw,
      });
    };
    // Made by hand while the trainer was on 'manual', then the trainer moved to the API Pix.
    await api.put('/api/settings/pix', { chave, nomeRecebedor: 'Ana Souza', cidade: 'Recife' });
    const plan = (await api.post('/api/plans', { nome: 'Aula', valor: 90, creditos: 1 })).json();
    const student = (await api.post('/api/students', { nome: 'Davi' })).json();
    const byHand = (
      await api.post('/api/charges', { studentId: student.id, planId: plan.id })
    ).json();
    const { charge, studentId } = await chargeThroughPsp();

    const before = await countEvents(fixture.app);
    for (const txid of [charge.txid, byHand.txid]) {
      const answer = await signed(txid);
      expect({ txid, status: answer.statusCode, code: answer.json().code }).toEqual({
        txid,
        status: 404,
        code: 'not_found',
      });
    }
    expect(await countEvents(fixture.app)).toBe(before);
    await projectAll(fixture.app);
    for (const id of [charge.id, byHand.id])
      expect((await api.get(`/api/charges/${id}`)).json().status).toBe('pendente');
    expect(await creditsOf(studentId)).toBe(0);
  });

  it('a notification costs the PSP one GET per distinct charge, 10 at most, and says what it did; the trainer’s PSP is asked 20 times a minute at most', async () => {
    const { charge, studentId } = await chargeThroughPsp();
    const { endToEndId } = await fixture.psp.pay(charge.txid, { lost: true });
    const address = freshAddress();
    const notify = (pix: object[]) =>
      fixture.app.inject({
        method: 'POST',
        url: '/api/webhooks/api-pix/pix',
        remoteAddress: address,
        payload: { pix },
      });
    const pixOf = (txid: string, e2e: string) => ({
      endToEndId: e2e,
      txid,
      valor: '480.00',
      horario: new Date().toISOString(),
    });
    const forged = () => `E${randomBytes(16).toString('hex').slice(0, 31)}`;
    const asked = () =>
      fixture.psp.requests().filter((request) => request.startsWith('GET /api/v2/cob/')).length;

    // 99 forged Pix and the real one, all of one charge: one GET /cob, one payment.
    const before = asked();
    const first = await notify([
      ...Array.from({ length: 99 }, () => pixOf(charge.txid, forged())),
      pixOf(charge.txid, endToEndId),
    ]);
    expect(first.json()).toEqual({
      recebidos: 100,
      confirmados: 1,
      jaRegistrados: 0,
      repetidos: 99,
      naoConfirmados: 0,
      adiados: 0,
      devolucoes: 0,
    });
    expect(asked() - before).toBe(1);
    await projectAll(fixture.app);
    expect(await creditsOf(studentId)).toBe(8);
    // A replay is not a payment.
    expect((await notify([pixOf(charge.txid, endToEndId)])).json()).toMatchObject({
      recebidos: 1,
      confirmados: 0,
      jaRegistrados: 1,
    });

    // Eleven charges in one notification: ten asked now, the last left to the reconciliation.
    const others = [];
    for (let index = 0; index < 11; index++) others.push((await chargeThroughPsp()).charge);
    const beforeCap = asked();
    const capped = await notify([
      ...others.map((other) => pixOf(other.txid, forged())),
      pixOf('SEMCOBRANCA0000000000000000000000', forged()),
    ]);
    expect(capped.json()).toEqual({
      recebidos: 12,
      confirmados: 0,
      jaRegistrados: 0,
      repetidos: 0,
      naoConfirmados: 11,
      adiados: 1,
      devolucoes: 0,
    });
    expect(asked() - beforeCap).toBe(10);

    // The trainer's PSP was asked 12 times this minute: the 21st time is refused, with when to retry.
    const answers = [];
    for (let index = 0; index < 9; index++)
      answers.push(await notify([pixOf(others[0].txid, forged())]));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      ...Array.from({ length: 8 }, () => 200),
      429,
    ]);
    const limited = answers[8];
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(limited.json().message).toMatch(/Muitas/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a PSP that refuses the charge writes nothing and says so (502)', async () => {
    await api.put('/api/settings/pix', providerSettings());
    const plan = (await api.post('/api/plans', { nome: 'Aula', valor: 90, creditos: 1 })).json();
    const student = (await api.post('/api/students', { nome: 'Davi' })).json();
    const before = await countEvents(fixture.app);
    fixture.psp.refuse('indisponivel');
    const refused = await api.post('/api/charges', { studentId: student.id, planId: plan.id });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'psp_unavailable' });
    expect(refused.json().message).toContain('O PSP não criou a cobrança');
    expect(await countEvents(fixture.app)).toBe(before);
  });

  it("lists 'A receber' and a charge the PSP removed stops being asked", async () => {
    const { charge } = await chargeThroughPsp();
    await projectAll(fixture.app);
    expect((await api.get('/api/charges/summary')).json()).toEqual({
      pendente: { quantidade: 1, total: 480 },
      emAtraso: { quantidade: 0, total: 0 },
    });
    fixture.psp.expire(charge.txid);
    await reconcile(2);
    const checks = await fixture.app
      .get<Db>(DATABASE)
      .selectFrom('chargePspChecks')
      .select('chargeId')
      .where('chargeId', '=', charge.id)
      .execute();
    expect(checks).toEqual([]);
    expect(
      ((await api.get('/api/charges?status=pendente')).json().items as Charge[])[0],
    ).toMatchObject({
      id: charge.id,
      provedor: 'api-pix',
      origem: 'avulsa',
    });
  });
});

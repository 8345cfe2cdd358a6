import { http } from '../../../../test/support/api';
import { startTestApp } from '../../../../test/support/test-app';
import { freshAddress } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';
import type { Transaction } from '../../contracts/finance/api';
import { signPixNotification } from '../pix-signature.guard';

const SECRET = 'segredo-do-psp-de-teste-123';

/**
 * A fake PSP on loopback: it sends its payment notifications over a real socket to the app
 * listening on 127.0.0.1, signed as a PSP signs them (or not).
 */
function fakePsp(baseUrl: string, secret: string) {
  return {
    notify: async (provider: string, body: unknown, signature?: string) => {
      const raw = JSON.stringify(body);
      const response = await fetch(`${baseUrl}/api/webhooks/pix/${provider}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': signature ?? `sha256=${signPixNotification(secret, raw)}`,
        },
        body: raw,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}

describe('PIX payment notifications (webhook)', () => {
  const t = apiFixture({ PIX_WEBHOOK_SECRET: SECRET, RATE_LIMIT_API_PIX_PER_ADDRESS: '3/60' });
  let baseUrl: string;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    baseUrl = baseUrl.replace('[::1]', '127.0.0.1');
  });
  beforeEach(async () => {
    ({ api } = await t.trainer());
  });

  async function pendingCharge() {
    await api.put('/api/settings/pix', {
      chave: 'ana@exemplo.com',
      nomeRecebedor: 'Ana',
      cidade: 'Recife',
    });
    const plan = (
      await api.post('/api/plans', { nome: 'Pacote 4', valor: 200, creditos: 4 })
    ).json();
    const student = (await api.post('/api/students', { nome: 'Carla Dias' })).json();
    const charge = (
      await api.post('/api/charges', { studentId: student.id, planId: plan.id })
    ).json();
    return { charge, studentId: student.id as string };
  }

  it('a bad signature is 401 and writes nothing; a good one pays the charge once, with retries and a manual confirmation', async () => {
    const psp = fakePsp(baseUrl, SECRET);
    const { charge, studentId } = await pendingCharge();
    const body = { txid: charge.txid, valor: '200.00', endToEndId: 'E123' };

    const before = await t.countEvents();
    const forged = await fakePsp(baseUrl, 'outro-segredo-qualquer-000').notify('psp', body);
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({
      code: 'invalid_signature',
      message: 'Assinatura inválida',
    });
    expect((await psp.notify('psp', body, 'sha256=zz')).status).toBe(401);
    expect((await psp.notify('psp', body, '')).status).toBe(401);
    expect(await t.countEvents()).toBe(before);

    const wrongValue = await psp.notify('psp', { ...body, valor: '199.99' });
    expect(wrongValue.status).toBe(422);
    expect((await psp.notify('psp', { ...body, txid: 'NAOEXISTE' })).status).toBe(404);
    expect((await psp.notify('psp', { valor: 1 })).status).toBe(400);
    expect(await t.countEvents()).toBe(before);

    const [first, retry, manual] = await Promise.all([
      psp.notify('psp', body),
      psp.notify('psp', body),
      api.post(`/api/charges/${charge.id}/confirm`),
    ]);
    expect(first).toMatchObject({ status: 200, body: { id: charge.id, status: 'paga' } });
    expect(retry.status).toBe(200);
    expect(manual.statusCode).toBe(200);
    expect((await psp.notify('psp', body)).status).toBe(200);

    await t.project();
    const month = new Date().toISOString().slice(0, 7);
    const previous = new Date(Date.now() - 86_400_000).toISOString().slice(0, 7);
    const items = [
      ...((await api.get(`/api/transactions?month=${month}`)).json().items as Transaction[]),
      ...(previous === month
        ? []
        : ((await api.get(`/api/transactions?month=${previous}`)).json().items as Transaction[])),
    ];
    expect(items.filter((item) => item.referenciaId === charge.id)).toHaveLength(1);
    expect((await api.get(`/api/students/${studentId}`)).json().creditos).toBe(4);
  });

  it('only a configured provider is heard: any other name, api-pix among them, is 404 however it is signed', async () => {
    const psp = fakePsp(baseUrl, SECRET);
    const { charge, studentId } = await pendingCharge();
    const before = await t.countEvents();
    for (const provider of ['outro', 'banco-x', 'api-pix']) {
      const answer = await psp.notify(provider, { txid: charge.txid, valor: '200.00' });
      expect({ provider, status: answer.status }).toEqual({ provider, status: 404 });
    }
    expect(await t.countEvents()).toBe(before);
    await t.project();
    expect((await api.get(`/api/students/${studentId}`)).json().creditos).toBe(0);
  });

  it('API Pix notifications (unauthenticated) are limited per address: 429 in pt-BR with Retry-After', async () => {
    const address = freshAddress();
    const notify = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/api-pix/pix',
        remoteAddress: address,
        payload: {
          pix: [
            {
              endToEndId: `E${'1'.repeat(31)}`,
              txid: 'NAOEXISTE00000000000000000000000',
              valor: '1.00',
              horario: '2026-11-28T12:00:00Z',
            },
          ],
        },
      });
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push(await notify());
    expect(statuses.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(statuses[3].json()).toEqual({
      statusCode: 429,
      code: 'rate_limited',
      message: 'Muitas tentativas. Tente novamente em instantes.',
    });
    expect(Number(statuses[3].headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by it.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/api-pix/pix',
      remoteAddress: freshAddress(),
      payload: { pix: [] },
    });
    expect(other.statusCode).toBe(200);
  });

  it('a provider without a secret is disabled (404)', async () => {
    const unset = await startTestApp({ PIX_WEBHOOK_SECRET: '' });
    try {
      const response = await unset.app.inject({
        method: 'POST',
        url: '/api/webhooks/pix/psp',
        payload: { txid: 'ABC' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await unset.close();
    }
  });
});

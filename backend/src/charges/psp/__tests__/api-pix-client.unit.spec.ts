import { apiPixDocument, violationsOf } from '../../../../../test/support/api-pix/standard';
import { type FakePsp, startFakePsp } from '../../../../../test/support/api-pix/fake-psp';
import {
  ApiPixClient,
  ApiPixError,
  pspFailureIsTransient,
  pspFailureReason,
} from '../api-pix-client';
import { SecretBox } from '../../../platform/personal-data/secret-box';

describe('the API Pix standard, vendored', () => {
  it.each(Object.entries(apiPixDocument['x-examples']))(
    "the standard's own examples of %s hold against the vendored schemas",
    (schema, examples) => {
      for (const example of Object.values(examples))
        expect(violationsOf(schema as never, example)).toEqual([]);
    },
  );

  it('refuses what the standard refuses: a txid too short, a value with a comma, a CPF with a mask', () => {
    const cob = { calendario: { expiracao: 3600 }, valor: { original: '10.00' }, chave: 'a@b.com' };
    expect(violationsOf('CobSolicitada', cob)).toEqual([]);
    expect(violationsOf('CobSolicitada', { ...cob, valor: { original: '10,00' } })).not.toEqual([]);
    expect(
      violationsOf('CobSolicitada', { ...cob, devedor: { cpf: '529.982.247-25', nome: 'Ana' } }),
    ).not.toEqual([]);
    expect(
      violationsOf('CobSolicitada', { ...cob, devedor: { cpf: '52998224725', nome: 'Ana' } }),
    ).toEqual([]);
    expect(violationsOf('TxId' as never, 'ABC')).not.toEqual([]);
  });
});

describe('ApiPixClient against the loopback PSP (OAuth2 over mutual TLS)', () => {
  let psp: FakePsp;
  const clients: ApiPixClient[] = [];
  const clientOf = (
    changes: Partial<ConstructorParameters<typeof ApiPixClient>[0]> = {},
    ca?: string,
  ) => {
    const client = new ApiPixClient(
      {
        baseUrl: psp.baseUrl,
        clientId: psp.clientId,
        clientSecret: psp.clientSecret,
        ...psp.client,
        ...changes,
      },
      { ca: ca ?? psp.ca, timeoutMs: 5_000, allowInternalNetworks: true },
    );
    clients.push(client);
    return client;
  };
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof ApiPixError ? error.failure : String(error)),
    );

  beforeAll(async () => {
    psp = await startFakePsp();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    expect(psp.violations()).toEqual([]);
    await psp.close();
  });
  afterEach(() => psp.refuse(null));

  it('gets a token, creates a charge with PUT /cob, reads it paid with GET /cob and GET /pix', async () => {
    const client = clientOf();
    const txid = 'VIRA0123456789abcdefghijABCDEFGH';
    const created = await client.putCob(txid, {
      calendario: { expiracao: 3600 },
      devedor: { cpf: '52998224725', nome: 'Bruno Lima' },
      valor: { original: '480.00' },
      chave: 'ana@exemplo.com',
      solicitacaoPagador: 'Mensal 8 aulas',
    });
    expect(created).toMatchObject({ txid, status: 'ATIVA', valor: { original: '480.00' } });
    expect(created.pixCopiaECola).toContain('br.gov.bcb.pix');
    const { endToEndId } = await psp.pay(txid, { lost: true });
    const paid = await client.getCob(txid);
    expect(paid.status).toBe('CONCLUIDA');
    expect(paid.pix?.[0]).toMatchObject({ endToEndId, valor: '480.00' });
    expect((await client.getPix(endToEndId)).txid).toBe(txid);
  });

  it('a kept-alive connection the PSP closed as the request went out: the request goes again on a new one', async () => {
    const client = clientOf();
    const txid = 'VIRA0123456789abcdefghijKEPTALIV';
    await client.putCob(txid, {
      calendario: { expiracao: 3600 },
      valor: { original: '120.00' },
      chave: 'ana@exemplo.com',
    });
    psp.closeNextKeptAliveConnection();
    const before = psp.requests().length;
    expect(await client.getCob(txid)).toMatchObject({ txid, status: 'ATIVA' });
    expect(psp.requests().slice(before)).toEqual([`GET /api/v2/cob/${txid}`]);
  });

  it('says which part failed: URL, connection, the PSP certificate, the client certificate, credentials', async () => {
    expect(() => clientOf({ baseUrl: 'http://127.0.0.1/api/v2' })).toThrow(/https/);
    expect(await failureOf(clientOf({ baseUrl: 'https://127.0.0.1:1/api/v2' }).accessToken())).toBe(
      'conexao',
    );
    // Without the loopback CA the PSP's server certificate is not trusted.
    expect(await failureOf(clientOf({}, '').accessToken())).toBe('certificado_psp');
    expect(await failureOf(clientOf(psp.strangerClient).accessToken())).toBe('certificado_cliente');
    expect(await failureOf(clientOf({ clientSecret: 'errado' }).accessToken())).toBe('credenciais');
    psp.refuse('indisponivel');
    expect(await failureOf(clientOf().accessToken())).toBe('indisponivel');
  });

  it('tells a PSP down or unreachable (worth trying again in a while) from a refusal of the charge', async () => {
    const cob = {
      calendario: { expiracao: 3600 },
      valor: { original: '480.00' },
      chave: 'ana@exemplo.com',
    };
    const errorOf = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error,
      );
    const unreachable = await errorOf(
      clientOf({ baseUrl: 'https://127.0.0.1:1/api/v2' }).putCob(
        'VIRA0123456789abcdefghijTRANS001',
        cob,
      ),
    );
    psp.refuse('indisponivel');
    const down = await errorOf(clientOf().putCob('VIRA0123456789abcdefghijTRANS002', cob));
    psp.refuse('cobranca');
    const refused = await errorOf(clientOf().putCob('VIRA0123456789abcdefghijTRANS003', cob));
    expect([unreachable, down, refused].map(pspFailureIsTransient)).toEqual([true, true, false]);
    expect(pspFailureReason(refused)).toBe('A chave informada não pertence ao recebedor.');
    expect(pspFailureIsTransient(new TypeError('fetch failed'))).toBe(true);
  });

  it('refuses, unless allowed, a PSP URL in an internal network, by address or by a name that resolves there', async () => {
    const credentials = { clientId: 'x', clientSecret: 'y', ...psp.client };
    expect(() => new ApiPixClient({ ...credentials, baseUrl: psp.baseUrl })).toThrow(
      'URL do PSP inválida: o endereço é de uma rede interna',
    );
    expect(() => new ApiPixClient({ ...credentials, baseUrl: 'https://[::1]:8443/api' })).toThrow(
      ApiPixError,
    );
    expect(() => new ApiPixClient({ ...credentials, baseUrl: 'https://10.1.2.3/api' })).toThrow(
      ApiPixError,
    );
    const byName = new ApiPixClient({
      ...credentials,
      baseUrl: psp.baseUrl.replace('127.0.0.1', 'localhost'),
    });
    clients.push(byName);
    expect(await failureOf(byName.accessToken())).toBe('url');
  });

  it('a malformed certificate is a client-certificate failure, not a crash', async () => {
    const client = clientOf({ certificadoPem: 'não é PEM', chavePem: 'nem isto' });
    expect(await failureOf(client.accessToken())).toBe('certificado_cliente');
  });
});

describe('SecretBox', () => {
  it('opens what it sealed for the same tenant only', () => {
    const box = new SecretBox('uma-chave-de-teste-com-mais-de-32-caracteres');
    const sealed = box.seal('segredo do PSP', 'tenant-a');
    expect(sealed).not.toContain('segredo');
    expect(box.open(sealed, 'tenant-a')).toBe('segredo do PSP');
    expect(() => box.open(sealed, 'tenant-b')).toThrow();
    expect(() =>
      new SecretBox('outra-chave-de-teste-com-mais-de-32-carac').open(sealed, 'tenant-a'),
    ).toThrow();
  });
});

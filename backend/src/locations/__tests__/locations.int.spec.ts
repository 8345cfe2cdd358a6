import { expectRefusal, http } from '../../../../test/support/api';
import { type FakeCep, startFakeCep } from '../../../../test/support/fake-cep';
import { apiFixture } from '../../../../test/support/api-fixture';

describe('locations API', () => {
  let cep: FakeCep;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    cep = await startFakeCep();
  });
  afterAll(() => cep.close());
  const t = apiFixture(() => ({
    CEP_SERVICE_URL: cep.url,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX}-cep-${Date.now()}`,
  }));
  beforeEach(async () => {
    cep.behave('ok');
    ({ api } = await t.trainer());
  });

  it('creates a location from address parts, composing the address, and edits it', async () => {
    const created = await api.post('/api/locations', {
      nome: 'Academia Paulista',
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      numero: '1000',
      complemento: 'Sala 2',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'sp',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    await t.project();
    expect((await api.get('/api/locations')).json().items).toEqual([
      expect.objectContaining({
        id,
        nome: 'Academia Paulista',
        cep: '01310100',
        endereco: 'Avenida Paulista, 1000, Sala 2, Bela Vista, São Paulo - SP',
        enderecoPartes: {
          logradouro: 'Avenida Paulista',
          numero: '1000',
          complemento: 'Sala 2',
          bairro: 'Bela Vista',
          cidade: 'São Paulo',
          uf: 'SP',
        },
        ativo: true,
        cancelLimiteHoras: 24,
        taxaPercent: 0,
        queimaCredito: false,
      }),
    ]);

    expect(
      (
        await api.patch(`/api/locations/${id}`, {
          nome: 'Studio Paulista',
          endereco: 'Rua Nova, 1',
          ativo: false,
        })
      ).statusCode,
    ).toBe(200);
    await t.project();
    expect((await api.get(`/api/locations/${id}`)).json()).toMatchObject({
      nome: 'Studio Paulista',
      endereco: 'Rua Nova, 1',
      enderecoPartes: null,
      ativo: false,
    });
  });

  it('edits the address in the same parts as it was created in, a blank part cleared', async () => {
    const { id } = (await api.post('/api/locations', { nome: 'Studio', endereco: 'Rua A, 10' })).json();
    const edited = await api.patch(`/api/locations/${id}`, {
      cep: '22071-900',
      logradouro: 'Avenida Atlântica',
      numero: '500',
      complemento: null,
      bairro: 'Copacabana',
      cidade: 'Rio de Janeiro',
      uf: 'rj',
    });
    expect(edited.statusCode).toBe(200);
    await t.project();
    expect((await api.get(`/api/locations/${id}`)).json()).toMatchObject({
      nome: 'Studio',
      cep: '22071900',
      endereco: 'Avenida Atlântica, 500, Copacabana, Rio de Janeiro - RJ',
      enderecoPartes: {
        logradouro: 'Avenida Atlântica',
        numero: '500',
        complemento: null,
        bairro: 'Copacabana',
        cidade: 'Rio de Janeiro',
        uf: 'RJ',
      },
    });
    expect((await api.patch(`/api/locations/${id}`, { uf: 'R' })).json()).toMatchObject({
      message: expect.stringContaining('UF deve ter 2 letras'),
    });
  });

  it('keeps a cancellation policy per location, with the defaults until one is set', async () => {
    const { id } = (await api.post('/api/locations', { nome: 'Parque' })).json();
    await t.project();
    expect((await api.get(`/api/locations/${id}/policy`)).json()).toEqual({
      cancelLimiteHoras: 24,
      taxaPercent: 0,
      queimaCredito: false,
    });
    const policy = { cancelLimiteHoras: 12, taxaPercent: 50, queimaCredito: true };
    expect((await api.put(`/api/locations/${id}/policy`, policy)).statusCode).toBe(200);
    await t.project();
    expect((await api.get(`/api/locations/${id}/policy`)).json()).toEqual(policy);

    for (const [body, message] of [
      [{ ...policy, taxaPercent: 101 }, 'Taxa deve ser um percentual entre 0 e 100'],
      [{ ...policy, cancelLimiteHoras: -1 }, 'Limite de cancelamento não pode ser negativo'],
      [{ ...policy, queimaCredito: 'sim' }, 'Queima de crédito deve ser verdadeiro ou falso'],
    ] as const) {
      const response = await api.put(`/api/locations/${id}/policy`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('looks a CEP up through the service, caches it, and says when it is unknown or the service fails', async () => {
    const before = cep.requests();
    const found = await api.get('/api/cep/01310-100');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect((await api.get('/api/cep/01310100')).statusCode).toBe(200);
    expect(cep.requests()).toBe(before + 1);

    const unknown = await api.get('/api/cep/99999999');
    expectRefusal(unknown, 404, 'cep_not_found', 'CEP não encontrado');

    const short = await api.get('/api/cep/1234');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('CEP deve ter 8 dígitos');

    cep.behave('down');
    const down = await api.get('/api/cep/22071900');
    expectRefusal(down, 503, 'cep_unavailable', 'Erro ao buscar CEP');
  });

  it('gives up on a slow CEP service after about 3 s', async () => {
    cep.behave('slow');
    const started = Date.now();
    const slow = await api.get('/api/cep/22071900');
    expect(slow.statusCode).toBe(503);
    // The slow service answers after 10 s: anything under that gave up, however busy the machine.
    expect(Date.now() - started).toBeLessThan(9_000);
  });

  it("answers 404 for another tenant's location and 403 to a student, changing nothing", async () => {
    const { id } = (await api.post('/api/locations', { nome: 'Casa do aluno' })).json();
    await t.project();
    const { api: intruder } = await t.trainer();
    const before = await t.countEvents();
    for (const response of await Promise.all([
      intruder.get(`/api/locations/${id}`),
      intruder.get(`/api/locations/${id}/policy`),
      intruder.put(`/api/locations/${id}/policy`, {
        cancelLimiteHoras: 1,
        taxaPercent: 0,
        queimaCredito: false,
      }),
      intruder.patch(`/api/locations/${id}`, { nome: 'Meu' }),
      intruder.delete(`/api/locations/${id}`),
    ])) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Local não encontrado');
    }
    const student = t.as(await t.principal('aluno'));
    expect((await student.get('/api/locations')).statusCode).toBe(403);
    expect((await student.get('/api/cep/01310100')).statusCode).toBe(403);
    expect(await t.countEvents()).toBe(before);
  });

  it('removes a location nothing refers to', async () => {
    const { id } = (await api.post('/api/locations', { nome: 'Temporário' })).json();
    expect((await api.delete(`/api/locations/${id}`)).statusCode).toBe(200);
    await t.project();
    expect((await api.get(`/api/locations/${id}`)).statusCode).toBe(404);
  });
});

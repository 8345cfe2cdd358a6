import { chargesApi } from '@contracts/charges/api';
import { identityApi } from '@contracts/identity/api';
import { plansApi } from '@contracts/plans/api';
import { platformApi } from '@contracts/platform/api';
import { studentsApi } from '@contracts/students/api';
import { TRAINER_ANA } from '../test/fixtures';
import { startLoopbackServer, type Handler, type RecordedRequest } from '../test/loopback-server';
import { createApiClient, sessionAccess } from './api-client';
import { ApiError } from './api-error';
import { createSessionStore } from './session-store';

type Server = Awaited<ReturnType<typeof startLoopbackServer>>;
let server: Server;

async function setup(routes: Record<string, Handler>) {
  const handler: Handler = (request) => {
    const route = routes[`${request.method} ${request.path.split('?')[0]}`];
    return route ? route(request) : { status: 404, body: { statusCode: 404, code: 'not_found', message: 'Rota não encontrada' } };
  };
  server = await startLoopbackServer(handler);
  const session = createSessionStore(server.baseUrl);
  const api = createApiClient({ baseUrl: server.baseUrl, session: sessionAccess(session) });
  return { session, api };
}

afterEach(async () => {
  await server.close();
});

const unauthorized = { status: 401, body: { statusCode: 401, code: 'unauthorized', message: 'Não autenticado' } };
const authorizedWith = (token: string) => (request: RecordedRequest) =>
  request.headers.authorization === `Bearer ${token}` ? { status: 200, body: { items: ['ok'] } } : unauthorized;

describe('API client', () => {
  it('refuses a write while the browser is offline, without sending it; reads still go', async () => {
    const { session, api } = await setup({
      'POST /api/students': () => ({ status: 201, body: { id: 's1', position: 1 } }),
      'GET /api/students': authorizedWith('token-1'),
    });
    session.setState({ status: 'signed-in', accessToken: 'token-1' });
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const refused = api.call(studentsApi.create, { body: { nome: 'Bia' } });
      await expect(refused).rejects.toBeInstanceOf(ApiError);
      await expect(refused).rejects.toMatchObject({
        code: 'offline',
        message: 'Você está offline. Conecte-se à internet para salvar.',
      });
      expect(server.requests).toEqual([]);
      await expect(api.call(studentsApi.list, {})).resolves.toEqual({ items: ['ok'] });
    } finally {
      onLine.mockRestore();
    }
  });

  it('sends the access token and parses the JSON answer', async () => {
    const { session, api } = await setup({ 'GET /api/charges': authorizedWith('token-1') });
    session.setState({ status: 'signed-in', accessToken: 'token-1' });

    await expect(api.call(chargesApi.list, { query: { studentId: 's1', status: undefined } })).resolves.toEqual({
      items: ['ok'],
    });
    expect(server.requests[0]).toMatchObject({ path: '/api/charges?studentId=s1' });
  });

  it('asks a read again while it is answered "not found" before the caller\'s own write reached it', async () => {
    // given a student just created, whose read model the server has not caught up with for two reads
    let reads = 0;
    const notYet = { status: 404, body: { statusCode: 404, code: 'not_found', message: 'Aluno não encontrado' }, headers: { 'X-Stale': 'true' } };
    const { session, api } = await setup({
      'GET /api/students/s1': () => (++reads <= 2 ? notYet : { status: 200, body: { id: 's1', nome: 'Bia' } }),
    });
    session.setState({ status: 'signed-in', accessToken: 'token-1' });
    // when the SPA reads it, then it gets the student, on the third answer
    await expect(api.call(studentsApi.get, { params: { id: 's1' } })).resolves.toEqual({ id: 's1', nome: 'Bia' });
    expect(reads).toBe(3);
  });

  it('takes a plain "not found", and a stale one after a few tries, as the answer', async () => {
    const notFound = { status: 404, body: { statusCode: 404, code: 'not_found', message: 'Aluno não encontrado' } };
    let plain = 0;
    let stale = 0;
    const { session, api } = await setup({
      'GET /api/students/gone': () => (plain++, notFound),
      'GET /api/students/lagging': () => (stale++, { ...notFound, headers: { 'X-Stale': 'true' } }),
    });
    session.setState({ status: 'signed-in', accessToken: 'token-1' });
    await expect(api.call(studentsApi.get, { params: { id: 'gone' } })).rejects.toMatchObject({ statusCode: 404 });
    expect(plain).toBe(1);
    await expect(api.call(studentsApi.get, { params: { id: 'lagging' } })).rejects.toMatchObject({ statusCode: 404 });
    expect(stale).toBe(4);
  });

  it('on a 401 refreshes once, then retries once with the new token', async () => {
    const { session, api } = await setup({
      'GET /api/students': authorizedWith('token-2'),
      'POST /api/auth/refresh': () => ({ status: 200, body: { accessToken: 'token-2', user: TRAINER_ANA } }),
    });
    session.setState({ status: 'signed-in', accessToken: 'expired' });

    await expect(api.call(studentsApi.list, {})).resolves.toEqual({ items: ['ok'] });
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ''}`)).toEqual([
      'GET /api/students Bearer expired',
      'POST /api/auth/refresh ',
      'GET /api/students Bearer token-2',
    ]);
    expect(session.getState().accessToken).toBe('token-2');
  });

  it('refreshes only once for requests that fail together', async () => {
    const { session, api } = await setup({
      'GET /api/students': authorizedWith('token-2'),
      'GET /api/plans': authorizedWith('token-2'),
      'POST /api/auth/refresh': () => ({ status: 200, body: { accessToken: 'token-2', user: TRAINER_ANA } }),
    });
    session.setState({ status: 'signed-in', accessToken: 'expired' });

    await Promise.all([api.call(studentsApi.list, {}), api.call(plansApi.list, {})]);
    expect(server.requests.filter((r) => r.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('signs out when the refresh fails, without retrying', async () => {
    const { session, api } = await setup({
      'GET /api/students': () => unauthorized,
      'POST /api/auth/refresh': () => unauthorized,
    });
    session.setState({ status: 'signed-in', accessToken: 'expired' });

    await expect(api.call(studentsApi.list, {})).rejects.toMatchObject({ statusCode: 401, code: 'unauthorized' });
    expect(server.requests).toHaveLength(2);
    expect(session.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
  });

  it('does not refresh a second time when the retry is refused too', async () => {
    const { session, api } = await setup({
      'GET /api/students': () => unauthorized,
      'POST /api/auth/refresh': () => ({ status: 200, body: { accessToken: 'token-2', user: TRAINER_ANA } }),
    });
    session.setState({ status: 'signed-in', accessToken: 'expired' });

    await expect(api.call(studentsApi.list, {})).rejects.toBeInstanceOf(ApiError);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/students', '/api/auth/refresh', '/api/students']);
    expect(session.getState().status).toBe('signed-out');
  });

  it('sends public requests without a token and does not treat their 401 as an expired session', async () => {
    const { session, api } = await setup({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { statusCode: 401, code: 'invalid_credentials', message: 'Email ou senha incorretos' },
      }),
    });
    session.setState({ status: 'signed-in', accessToken: 'token-1' });

    await expect(api.call(identityApi.login, { body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      statusCode: 401,
      code: 'invalid_credentials',
    });
    expect(server.requests.map((r) => `${r.path} ${r.headers.authorization ?? '-'}`)).toEqual(['/api/auth/login -']);
    expect(session.getState().status).toBe('signed-in');
  });

  it("throws the server's { statusCode, code, message } as an ApiError", async () => {
    const { session, api } = await setup({
      'POST /api/students/s1/credits/consume': () => ({
        status: 409,
        body: { statusCode: 409, code: 'no_credits', message: 'Aluno sem créditos' },
      }),
    });
    session.setState({ status: 'signed-in', accessToken: 'token-1' });

    const error: unknown = await api
      .call(studentsApi.consumeCredit, { params: { id: 's1' }, body: { reason: 'Aula' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 409, code: 'no_credits', message: 'Aluno sem créditos' });
    expect(server.requests[0].body).toEqual({ reason: 'Aula' });
    expect(server.requests[0].headers['content-type']).toBe('application/json');
  });

  it('turns a non-JSON failure into an ApiError with the status', async () => {
    server = await startLoopbackServer(() => ({ status: 502 }));
    const api = createApiClient({
      baseUrl: server.baseUrl,
      session: { accessToken: () => null, refresh: async () => null, clear: () => {} },
    });
    await expect(api.call(platformApi.health, {})).rejects.toMatchObject({ statusCode: 502, code: 'http_error' });
  });
});

import { randomUUID } from 'node:crypto';
import { testSockets } from '../../../../test/support/sockets';
import { signedIn } from '../../../../test/support/accounts';
import { hasRedisServer, PrivateRedis } from '../../../../test/support/private-redis';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import { EmailTokens } from '../infrastructure/email-tokens';
import {
  type Client,
  GENEROUS_RATE_LIMITS,
  hs256,
  post,
  refreshCookieOf,
  sessionOf,
  signUpAndLogin,
} from './identity-test-kit';

const unauthorized = { statusCode: 401, code: 'unauthorized', message: 'Usuário não autenticado' };
const settings = { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', ...GENEROUS_RATE_LIMITS };

/** A read, a command and the profile, as the holder of `token`: their status codes. */
async function statusesWith(client: Client, token: string): Promise<number[]> {
  const authorization = `Bearer ${token}`;
  const answers = await Promise.all([
    client.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } }),
    client.app.inject({ method: 'GET', url: '/api/students', headers: { authorization } }),
    client.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: { authorization },
      payload: { nome: 'Mensal 8', valor: 480, creditos: 8 },
    }),
  ]);
  for (const answer of answers)
    if (answer.statusCode === 401) expect(answer.json()).toEqual(unauthorized);
  return answers.map((answer) => answer.statusCode);
}

/** Asks again until the answer is `expected` or `timeoutMs` passed; the last answer. */
async function eventually<T>(ask: () => Promise<T>, expected: T, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (JSON.stringify(answer) === JSON.stringify(expected) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const SIGNED_IN = [200, 200, 201];
const SIGNED_OUT = [401, 401, 401];

describe('identity: signing out ends the access token at once', () => {
  let first: TestApp;
  let second: TestApp;
  let client: Client;
  let url: string;
  const { connect, handshake, disconnection: closedByServer, closeAll } = testSockets(() => url);

  beforeAll(async () => {
    // Two instances of the API on one database and one Redis, as behind a load balancer.
    [first, second] = await Promise.all([startTestApp(settings), startTestApp(settings)]);
    client = { app: first.app };
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    url = await first.app.getUrl();
  });
  afterAll(async () => {
    closeAll();
    await Promise.all([first.close(), second.close()]);
  });


  it('answers 401 on every route and the socket handshake after logout, and closes its open socket', async () => {
    const { token, cookie } = await signUpAndLogin(client);
    expect(await statusesWith(client, token)).toEqual(SIGNED_IN);
    const socket = connect(token);
    expect(await handshake(socket)).toBe('connected');
    const closed = closedByServer(socket);

    expect((await post(client, '/api/auth/logout', undefined, { cookie })).statusCode).toBe(204);

    expect(await statusesWith(client, token)).toEqual(SIGNED_OUT);
    expect(await closed).toBe('io server disconnect');
    expect(await handshake(connect(token))).toBe('unauthorized');
    expect((await post(client, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
  });

  it("ends the token's session when the client signs out with the token alone (no cookie)", async () => {
    const { token } = await signUpAndLogin(client);
    expect(await statusesWith(client, token)).toEqual(SIGNED_IN);
    expect((await post(client, '/api/auth/logout', undefined, { token })).statusCode).toBe(204);
    expect(await statusesWith(client, token)).toEqual(SIGNED_OUT);
  });

  it('keeps the other sessions of the same user working, their sockets open', async () => {
    const phone = await signUpAndLogin(client);
    const login = await post(client, '/api/auth/login', {
      email: phone.body.email,
      password: phone.body.password,
    });
    const laptop = { token: login.json().accessToken as string, cookie: refreshCookieOf(login) };
    const laptopSocket = connect(laptop.token);
    expect(await handshake(laptopSocket)).toBe('connected');

    await post(client, '/api/auth/logout', undefined, { cookie: phone.cookie });

    expect(await statusesWith(client, phone.token)).toEqual(SIGNED_OUT);
    expect(await statusesWith(client, laptop.token)).toEqual(SIGNED_IN);
    expect(laptopSocket.connected).toBe(true);
    expect(await handshake(connect(laptop.token))).toBe('connected');
    const refreshed = await post(client, '/api/auth/refresh', undefined, { cookie: laptop.cookie });
    expect(refreshed.statusCode).toBe(200);
  });

  it('tells the other instance at once: a token it already accepted is refused there too', async () => {
    const { token, cookie } = await signUpAndLogin(client);
    const elsewhere = { app: second.app };
    expect(await statusesWith(elsewhere, token)).toEqual(SIGNED_IN);

    await post(client, '/api/auth/logout', undefined, { cookie });

    // Well inside the minute a verdict is kept without a word from Redis.
    expect(await eventually(() => statusesWith(elsewhere, token), SIGNED_OUT, 10_000)).toEqual(
      SIGNED_OUT,
    );
  });

  it('refuses a validly signed token of a user, tenant or session this installation does not have', async () => {
    const { token, signUp } = await signUpAndLogin(client);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sign = (claims: Record<string, unknown>) =>
      hs256({ role: 'personal', exp, ...claims }, first.config.JWT_SECRET);
    const mine = { sub: signUp.user.id, tid: signUp.user.tenantId, ses: sessionOf(token) };
    const strangers = [
      // A copy of the checkout sharing .data/jwt-secret signs for its own users and tenants.
      sign({ sub: randomUUID(), tid: randomUUID(), ses: randomUUID() }),
      sign({ ...mine, sub: randomUUID() }),
      sign({ ...mine, tid: randomUUID() }),
      sign({ ...mine, ses: randomUUID() }),
      sign({ ...mine, role: 'aluno' }),
      sign({ ...mine, sub: 'nao-e-uuid' }),
    ];
    for (const stranger of strangers) {
      expect(await statusesWith(client, stranger)).toEqual(SIGNED_OUT);
      expect(await handshake(connect(stranger))).toBe('unauthorized');
    }
    expect(await statusesWith(client, sign(mine))).toEqual(SIGNED_IN);
  });

  it('ends every session of the user when the password is reset', async () => {
    const { token, signUp } = await signUpAndLogin(client);
    const elsewhere = { app: second.app };
    expect(await statusesWith(elsewhere, token)).toEqual(SIGNED_IN);
    const reset = await first.app
      .get(EmailTokens)
      .create(signUp.user.id, 'reset_password', new Date());

    expect(
      (await post(client, '/api/auth/reset', { token: reset, password: 'nova-senha-456' }))
        .statusCode,
    ).toBe(200);

    expect(await statusesWith(client, token)).toEqual(SIGNED_OUT);
    expect(await eventually(() => statusesWith(elsewhere, token), SIGNED_OUT, 10_000)).toEqual(
      SIGNED_OUT,
    );
  });

  it('ends the session whose refresh token was stolen and reused', async () => {
    const { token, cookie } = await signUpAndLogin(client);
    const rotated = await post(client, '/api/auth/refresh', undefined, { cookie });
    const third = await post(client, '/api/auth/refresh', undefined, {
      cookie: refreshCookieOf(rotated),
    });
    expect(third.statusCode).toBe(200);
    expect(await statusesWith(client, token)).toEqual(SIGNED_IN);

    // The first cookie again, two rotations later: theft, the whole family is revoked.
    expect((await post(client, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);

    expect(await statusesWith(client, token)).toEqual(SIGNED_OUT);
    expect(await statusesWith(client, third.json().accessToken)).toEqual(SIGNED_OUT);
  });
});

(hasRedisServer() ? describe : describe.skip)('identity: signing out while Redis is down', () => {
  let redis: PrivateRedis;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const withRedis = { ...settings, REDIS_URL: redis.url };
    [first, second] = await Promise.all([startTestApp(withRedis), startTestApp(withRedis)]);
  });
  afterAll(async () => {
    await redis.up().catch(() => undefined);
    await Promise.all([first?.close(), second?.close()]);
    await redis.down();
  });

  it('is still refused at once on every instance: without Redis nothing is taken from memory', async () => {
    const user = { userId: randomUUID(), tenantId: randomUUID(), role: 'personal' as const };
    const token = await signedIn(first.app, user);
    const elsewhere = { app: second.app };
    expect(await statusesWith(elsewhere, token)).toEqual(SIGNED_IN);
    await redis.down();

    expect(await statusesWith(elsewhere, token)).toEqual(SIGNED_IN);
    expect(
      (await post({ app: first.app }, '/api/auth/logout', undefined, { token })).statusCode,
    ).toBe(204);
    expect(await statusesWith(elsewhere, token)).toEqual(SIGNED_OUT);

    await redis.up();
    const again = await signedIn(first.app, user);
    expect(await eventually(() => statusesWith(elsewhere, again), SIGNED_IN, 20_000)).toEqual(
      SIGNED_IN,
    );
  });
});

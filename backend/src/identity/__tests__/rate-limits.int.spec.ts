import type Redis from 'ioredis';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import { REDIS } from '../../platform/queue/queue.module';
import { type Client, post, signUpBody } from './identity-test-kit';

const rateLimited = {
  statusCode: 429,
  code: 'rate_limited',
  message: 'Muitas tentativas. Tente novamente em instantes.',
};
const WINDOW_SECONDS = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('identity: rate limits in Redis, shared by every API instance', () => {
  let first: TestApp;
  let second: TestApp;
  const limits = {
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
    RATE_LIMIT_LOGIN_PER_ADDRESS: `5/${WINDOW_SECONDS}`,
    RATE_LIMIT_LOGIN_PER_EMAIL: `3/${WINDOW_SECONDS}`,
    RATE_LIMIT_SIGNUP: `2/${WINDOW_SECONDS}`,
    RATE_LIMIT_RECOVER: `2/${WINDOW_SECONDS}`,
    RATE_LIMIT_RESET: `2/${WINDOW_SECONDS}`,
  };

  beforeAll(async () => {
    [first, second] = await Promise.all([startTestApp(limits), startTestApp(limits)]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  const at = (app: TestApp, address: string): Client => ({ app: app.app, address });

  it('limits sign-in per e-mail across addresses and instances, then recovers after the window', async () => {
    const email = `limite.${Date.now()}@exemplo.com`;
    const attempt = (client: Client) =>
      post(client, '/api/auth/login', { email, password: 'errada123' });
    expect((await attempt(at(first, '10.0.0.1'))).statusCode).toBe(401);
    expect((await attempt(at(second, '10.0.0.2'))).statusCode).toBe(401);
    expect((await attempt(at(first, '10.0.0.3'))).statusCode).toBe(401);
    const blocked = await attempt(at(second, '10.0.0.4'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(rateLimited);

    await sleep(WINDOW_SECONDS * 1000 + 150);
    expect((await attempt(at(first, '10.0.0.5'))).statusCode).toBe(401);
  });

  it('limits sign-in per client address whatever the e-mail, even for the right password', async () => {
    const body = signUpBody();
    expect((await post(at(first, '10.1.0.1'), '/api/auth/signup', body)).statusCode).toBe(201);
    const address = '10.1.0.2';
    for (let index = 0; index < 5; index++) {
      const response = await post(at(index % 2 ? first : second, address), '/api/auth/login', {
        email: `outro.${index}@exemplo.com`,
        password: 'x',
      });
      expect(response.statusCode).toBe(401);
    }
    const rightPassword = await post(at(first, address), '/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(rightPassword.statusCode).toBe(429);
    expect(
      (
        await post(at(first, '10.1.0.3'), '/api/auth/login', {
          email: body.email,
          password: body.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('does not let a client choose its address with X-Forwarded-For (no trusted proxy by default)', async () => {
    const address = '10.3.0.1';
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await first.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        headers: { 'x-forwarded-for': `203.0.113.${index}` },
        payload: { email: `falso.${index}@exemplo.com`, password: 'x' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('limits sign-up, recover and reset per address', async () => {
    const address = '10.2.0.1';
    expect((await post(at(first, address), '/api/auth/signup', signUpBody())).statusCode).toBe(201);
    expect((await post(at(second, address), '/api/auth/signup', signUpBody())).statusCode).toBe(
      201,
    );
    expect((await post(at(first, address), '/api/auth/signup', signUpBody())).json()).toEqual(
      rateLimited,
    );

    const recover = (index: number) =>
      post(at(first, address), '/api/auth/recover', { email: `x${index}@exemplo.com` });
    expect((await recover(1)).statusCode).toBe(200);
    expect((await recover(2)).statusCode).toBe(200);
    expect((await recover(3)).statusCode).toBe(429);

    const reset = () =>
      post(at(second, address), '/api/auth/reset', { token: 'inventado', password: 'novasenha1' });
    expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);

    await sleep(WINDOW_SECONDS * 1000 + 150);
    expect((await post(at(first, address), '/api/auth/signup', signUpBody())).statusCode).toBe(201);
  });

  it('keeps its counters under REDIS_PREFIX, each with an expiry', async () => {
    const email = `prefixo.${process.pid}.${Date.now()}@exemplo.com`;
    await post(at(first, '10.3.0.1'), '/api/auth/login', { email, password: 'x' });
    const redis = first.app.get<Redis>(REDIS);
    const keys = await redis.keys(`*${email}*`);
    expect(keys).toEqual([`${first.config.REDIS_PREFIX}:rate-limit:login-email:${email}`]);
    expect(await redis.pttl(keys[0])).toBeGreaterThan(0);
    expect(await redis.pttl(keys[0])).toBeLessThanOrEqual(WINDOW_SECONDS * 1000);
  });
});

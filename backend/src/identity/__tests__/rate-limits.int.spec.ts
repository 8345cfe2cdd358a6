import type Redis from 'ioredis';
import { freshAddress } from '../../../../test/support/accounts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import { REDIS } from '../../platform/queue/queue.module';
import { type Client, post, signUpBody } from './identity-test-kit';

const rateLimited = {
  statusCode: 429,
  code: 'rate_limited',
  message: 'Muitas tentativas. Tente novamente em instantes.',
};
const WINDOW_SECONDS = 60;

/**
 * The windows are long (a minute), so a busy machine never sees one end mid-test; a window's end
 * is simulated by expiring the counters in Redis, as Redis itself does when the window is over.
 */
describe('identity: rate limits in Redis, shared by every API instance', () => {
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;
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
    redis = first.app.get<Redis>(REDIS);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  const at = (app: TestApp, address: string): Client => ({ app: app.app, address });
  /** Ends the windows of every counter about `subject`. */
  const endWindows = async (subject: string) => {
    const keys = await redis.keys(`${first.config.REDIS_PREFIX}:rate-limit:*${subject}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) await redis.del(key);
  };

  it('limits wrong passwords per (e-mail, address) across instances, with Retry-After, then recovers after the window', async () => {
    const body = signUpBody();
    expect((await post(at(first, freshAddress()), '/api/auth/signup', body)).statusCode).toBe(201);
    const address = freshAddress();
    const attempt = (app: TestApp, password: string) =>
      post(at(app, address), '/api/auth/login', { email: body.email, password });
    expect((await attempt(first, 'errada123')).statusCode).toBe(401);
    expect((await attempt(second, 'errada123')).statusCode).toBe(401);
    expect((await attempt(first, 'errada123')).statusCode).toBe(401);
    const blocked = await attempt(second, String(body.password));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(rateLimited);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    await endWindows(address);
    expect((await attempt(first, String(body.password))).statusCode).toBe(200);
  });

  it('limits sign-in per client address whatever the e-mail, even for the right password', async () => {
    const body = signUpBody();
    expect((await post(at(first, freshAddress()), '/api/auth/signup', body)).statusCode).toBe(201);
    const address = freshAddress();
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
        await post(at(first, freshAddress()), '/api/auth/login', {
          email: body.email,
          password: body.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('does not count sign-ins that succeed', async () => {
    const body = signUpBody();
    expect((await post(at(first, freshAddress()), '/api/auth/signup', body)).statusCode).toBe(201);
    const address = freshAddress();
    // Twice the per-address allowance and three times the per-e-mail one, all right.
    for (let index = 0; index < 10; index++) {
      const response = await post(at(index % 2 ? first : second, address), '/api/auth/login', {
        email: body.email,
        password: body.password,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('does not let a client choose its address with X-Forwarded-For (no trusted proxy by default)', async () => {
    const address = freshAddress();
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
    const address = freshAddress();
    expect((await post(at(first, address), '/api/auth/signup', signUpBody())).statusCode).toBe(201);
    expect((await post(at(second, address), '/api/auth/signup', signUpBody())).statusCode).toBe(
      201,
    );
    const third = await post(at(first, address), '/api/auth/signup', signUpBody());
    expect(third.json()).toEqual(rateLimited);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

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

    await endWindows(address);
    expect((await post(at(first, address), '/api/auth/signup', signUpBody())).statusCode).toBe(201);
  });

  it('keeps its counters under REDIS_PREFIX, each with an expiry', async () => {
    const email = `prefixo.${process.pid}.${Date.now()}@exemplo.com`;
    const address = freshAddress();
    await post(at(first, address), '/api/auth/login', { email, password: 'x' });
    const keys = (await redis.keys(`*${address}`)).sort();
    expect(keys).toEqual([
      `${first.config.REDIS_PREFIX}:rate-limit:login-address:${address}`,
      `${first.config.REDIS_PREFIX}:rate-limit:login-email:${email}|${address}`,
    ]);
    for (const key of keys) {
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(WINDOW_SECONDS * 1000);
    }
  });
});

describe('identity: wrong passwords lock one address out of one e-mail, never its owner', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Behind a proxy on this machine (as with the Kubernetes ingress): X-Forwarded-For names the
    // client. The default limits: 10 wrong passwords a minute per (e-mail, address), 30 per address.
    testApp = await startTestApp({
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      TRUST_PROXY: '127.0.0.1',
      // Other suites of this worker sign up from 127.0.0.1 too (the counters are shared).
      RATE_LIMIT_SIGNUP: '10000/60',
    });
  });
  afterAll(() => testApp.close());

  const from = (address: string, payload: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': address },
      payload,
    });

  it('lets the owner sign in from address B after ten wrong passwords from address A, while A is limited', async () => {
    const body = signUpBody();
    expect(
      (await post({ app: testApp.app, address: '127.0.0.1' }, '/api/auth/signup', body)).statusCode,
    ).toBe(201);
    const attacker = `203.0.113.${(process.pid % 200) + 1}`;
    const owner = `198.51.100.${(process.pid % 200) + 1}`;
    for (let index = 0; index < 10; index++) {
      expect(
        (await from(attacker, { email: body.email, password: `chute${index}` })).statusCode,
      ).toBe(401);
    }
    const attackerAgain = await from(attacker, { email: body.email, password: body.password });
    expect(attackerAgain.statusCode).toBe(429);
    expect(attackerAgain.json()).toEqual(rateLimited);
    expect(Number(attackerAgain.headers['retry-after'])).toBeGreaterThan(0);

    const ownerSignIn = await from(owner, { email: body.email, password: body.password });
    expect(ownerSignIn.statusCode).toBe(200);
    expect(ownerSignIn.json().accessToken).toEqual(expect.any(String));
  });
});

import { HttpStatus } from '@nestjs/common';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import { hasRedisServer, PrivateRedis } from '../../../../test/support/private-redis';
import { ServiceUnavailableError } from '../../platform/errors/domain-error';
import { MfaChallenges } from '../infrastructure/mfa-challenges';
import { PendingProviderSignIns } from '../infrastructure/pending-provider-sign-ins';
import { RateLimiter } from '../../platform/http/rate-limiter';
import { sendAgainWhileRefused } from '../../../../test/support/send-again';
import { type Client, GENEROUS_RATE_LIMITS, post, signUpBody } from './identity-test-kit';

const unavailable = {
  statusCode: HttpStatus.SERVICE_UNAVAILABLE,
  code: 'service_unavailable',
  message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
};

/**
 * A refusal at once, told from a wait on Redis (which lasts until Redis returns) by a margin wide
 * enough that a busy machine never decides the outcome.
 */
const AT_ONCE_MS = 5_000;

/** `send` again while it is answered 503 (Redis slow, not down), for up to 30 s. */
const whileRefused = <Answer extends { statusCode: number }>(send: () => Promise<Answer>) =>
  sendAgainWhileRefused(
    send,
    (outcome) => (outcome as Partial<Answer>).statusCode === HttpStatus.SERVICE_UNAVAILABLE,
    30_000,
  );

/** The answer and how long it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

// Rate limits, sign-in challenges and provider sign-in state live in Redis. Without it the
// routes they guard refuse at once (fail closed) with a 503, instead of hanging for ~20 s.
(hasRedisServer() ? describe : describe.skip)('identity while Redis is down', () => {
  let redis: PrivateRedis;
  let testApp: TestApp;
  let client: Client;
  const account = signUpBody();

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    testApp = await startTestApp({
      REDIS_URL: redis.url,
      // Production's budget (the specs' default is wider for busy machines): what "at once" means here.
      REDIS_REQUEST_TIMEOUT_MS: '500',
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      ...GENEROUS_RATE_LIMITS,
    });
    client = { app: testApp.app };
    // A precondition, with Redis up: on a busy machine the app's first calls to Redis (a new
    // connection) can outlast the 500 ms budget and be refused, as a client would be told to retry.
    const signedUp = await whileRefused(() => post(client, '/api/auth/signup', account));
    expect(signedUp.statusCode).toBe(201);
  });
  afterAll(async () => {
    await redis.up().catch(() => undefined);
    await testApp?.close();
    await redis.down();
  });

  const signIn = () =>
    post(client, '/api/auth/login', { email: account.email, password: account.password });

  it('refuses sign-in, sign-up, recovery and reset at once with a 503, then works again when Redis is back', async () => {
    expect((await whileRefused(signIn)).statusCode).toBe(200);
    await redis.down();

    const { result: refused, ms } = await timed(signIn);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(unavailable);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ms).toBeLessThan(AT_ONCE_MS);

    const others = await timed(() =>
      Promise.all([
        post(client, '/api/auth/signup', signUpBody()),
        post(client, '/api/auth/recover', { email: account.email }),
        post(client, '/api/auth/reset', { token: 'qualquer', password: 'novasenha1' }),
        post(client, '/api/auth/mfa/verify', { challengeToken: 'qualquer', code: '123456' }),
      ]),
    );
    for (const response of others.result) expect(response.json()).toEqual(unavailable);
    expect(others.ms).toBeLessThan(AT_ONCE_MS);

    await redis.up();
    // ioredis reconnects by itself (backing off up to 2 s between tries).
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await signIn()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
  });

  it("does not count the attempts refused during the outage: the owner's right password signs in once Redis is back", async () => {
    // Tight limits of its own: three failures per (e-mail, address) or per address.
    const tight = await startTestApp({
      REDIS_URL: redis.url,
      REDIS_REQUEST_TIMEOUT_MS: '500',
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      ...GENEROUS_RATE_LIMITS,
      RATE_LIMIT_LOGIN_PER_ADDRESS: '3/60',
      RATE_LIMIT_LOGIN_PER_EMAIL: '3/60',
    });
    try {
      const owner = { app: tight.app };
      const signInThere = () =>
        post(owner, '/api/auth/login', { email: account.email, password: account.password });
      expect((await whileRefused(signInThere)).statusCode).toBe(200);
      await redis.down();
      // The owner tries again and again while the sign-in answers 503.
      for (let attempt = 0; attempt < 6; attempt++)
        expect((await signInThere()).statusCode).toBe(503);
      await redis.up();

      const deadline = Date.now() + 15_000;
      const statuses: number[] = [];
      while (statuses.at(-1) !== 200 && Date.now() < deadline) {
        statuses.push((await signInThere()).statusCode);
        if (statuses.at(-1) !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(statuses.at(-1)).toBe(200);
      expect(statuses).not.toContain(429);
    } finally {
      await redis.up();
      await tight.close();
    }
  });

  it('answers 503 at once for sign-in challenges and provider sign-in state', async () => {
    await redis.down();
    try {
      const challenges = testApp.app.get(MfaChallenges);
      const pending = testApp.app.get(PendingProviderSignIns);
      const { ms } = await timed(async () => {
        await expect(challenges.create('00000000-0000-7000-8000-000000000000')).rejects.toThrow(
          ServiceUnavailableError,
        );
        await expect(challenges.attempt('desafio')).rejects.toThrow(ServiceUnavailableError);
        await expect(
          pending.save('estado', { provider: 'google', codeVerifier: 'v', nonce: 'n' }),
        ).rejects.toThrow(ServiceUnavailableError);
        await expect(pending.take('estado')).rejects.toThrow(ServiceUnavailableError);
      });
      expect(ms).toBeLessThan(AT_ONCE_MS);

      // A limit that only guards a read lets it through uncounted (fails open), just as fast.
      const limiter = testApp.app.get(RateLimiter);
      const setting = { max: 1, windowMs: 60_000 };
      const open = await timed(() => limiter.hit('leitura', '10.9.9.9', setting, 'allow'));
      expect(open.ms).toBeLessThan(AT_ONCE_MS);
      await expect(limiter.hit('leitura', '10.9.9.9', setting, 'refuse')).rejects.toThrow(
        ServiceUnavailableError,
      );
    } finally {
      await redis.up();
    }
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import type { Kysely } from 'kysely';
import { generate } from 'otplib';
import { apiFixture } from '../../../../test/support/api-fixture';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import type { Database } from '../../platform/database/database';
import {
  databaseOf,
  GENEROUS_RATE_LIMITS,
  post,
  refreshCookieOf,
  signUpBody,
} from './identity-test-kit';
import { sendAgainWhileRefused } from '../../../../test/support/send-again';

const APP_URL = 'http://vira.test';
const CLIENT_ID = 'vira-test-client';
const CLIENT_SECRET = 'vira-test-client-secret-0123456789';

interface OidcServer {
  issuer: string;
  process: ChildProcess;
}

/** The oidc-provider fixture in its own Node process (it is ESM-only), on a free loopback port. */
function startOidcServer(): Promise<OidcServer> {
  const child = spawn(
    process.execPath,
    [path.join(__dirname, '../../../../test/support/oidc-provider-server.mjs')],
    {
      env: {
        ...process.env,
        CLIENT_ID,
        CLIENT_SECRET,
        REDIRECT_URI: `${APP_URL}/api/auth/providers/google/callback`,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return new Promise((resolve, reject) => {
    // A bound only decides when a stuck start gives up: beside another test run (load 15 on two
    // cores) starting Node and loading oidc-provider took more than the 10 s this once allowed.
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('o provedor OIDC de teste não subiu'));
    }, 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /READY (\S+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve({ issuer: match[1], process: child });
      }
    });
    child.once('exit', (code) => reject(new Error(`o provedor OIDC de teste saiu (${code})`)));
  });
}

describe('identity: sign-in with an OpenID Connect provider (real oidc-provider on loopback)', () => {
  let oidcServer: OidcServer;
  let testApp: TestApp;
  let db: Kysely<Database>;

  beforeAll(async () => {
    oidcServer = await startOidcServer();
    testApp = await startTestApp({
      APP_URL,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER_URL: oidcServer.issuer,
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true',
      ...GENEROUS_RATE_LIMITS,
    });
    db = databaseOf(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
    oidcServer?.process.kill();
  });

  /**
   * A GET to the provider, sent again when it went out on a kept-alive connection the provider's
   * server had just closed as idle (undici: 'other side closed'): the provider never read it. On a
   * busy machine the client's timer that retires such connections first can fire late.
   */
  const getAtProvider = (url: string, init: RequestInit = {}) =>
    sendAgainWhileRefused(
      () => fetch(url, init),
      (outcome) =>
        outcome instanceof TypeError &&
        (outcome.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET',
      10_000,
    );

  /** Runs the browser's part: our start route, the provider's redirects (with its cookies), our callback. */
  async function signInAtProvider(
    account: { sub: string; email: string; verified: boolean; name: string },
    options: { keepState?: boolean } = {},
  ) {
    await getAtProvider(
      `${oidcServer.issuer}/_test/next-login?${new URLSearchParams({ ...account, verified: String(account.verified) })}`,
    );
    const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/providers/google' });
    expect(start.statusCode).toBe(302);
    const authorizationUrl = new URL(start.headers.location as string);
    const stateCookie = start.cookies.find((cookie) => cookie.name === 'vira_oidc_state');

    const jar = new Map<string, string>();
    let location = authorizationUrl.toString();
    for (let hop = 0; hop < 10 && !location.startsWith(APP_URL); hop++) {
      const response = await getAtProvider(location, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair] = setCookie.split(';');
        const [name, ...value] = pair.split('=');
        jar.set(name, value.join('='));
      }
      location = new URL(response.headers.get('location') as string, location).toString();
    }
    expect(location.startsWith(`${APP_URL}/api/auth/providers/google/callback?`)).toBe(true);
    const callbackUrl = new URL(location);
    const callback = await testApp.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      cookies:
        options.keepState === false || !stateCookie ? {} : { vira_oidc_state: stateCookie.value },
    });
    return { authorizationUrl, stateCookie, callback };
  }

  const account = (
    overrides: Partial<{ sub: string; email: string; verified: boolean; name: string }> = {},
  ) => {
    const unique = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    return {
      sub: `google-${unique}`,
      email: `oidc.${unique}@exemplo.com`,
      verified: true,
      name: 'Júlia Provedora',
      ...overrides,
    };
  };

  it('starts the code flow with PKCE (S256), state and nonce, binding the state to the browser', async () => {
    const { authorizationUrl, stateCookie } = await signInAtProvider(account());
    expect(authorizationUrl.origin).toBe(oidcServer.issuer);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${APP_URL}/api/auth/providers/google/callback`,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: stateCookie?.value,
      nonce: expect.any(String),
    });
    expect(stateCookie).toMatchObject({ httpOnly: true, path: '/api/auth/providers/google' });
  });

  it('creates a trainer for a new verified e-mail, signs in with the refresh cookie and redirects to /', async () => {
    const person = account();
    const { callback } = await signInAtProvider(person);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const cookie = refreshCookieOf(callback) as string;
    expect(cookie).toBeDefined();

    const refreshed = await post({ app: testApp.app }, '/api/auth/refresh', undefined, { cookie });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user).toMatchObject({
      email: person.email,
      nome: 'Júlia Provedora',
      role: 'personal',
      tenantSlug: expect.stringMatching(/^julia-provedora(-\d+)?$/),
      onboardingRequired: true,
    });
    const userId = refreshed.json().user.id;
    const user = await db
      .selectFrom('users')
      .select('emailConfirmedAt')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.emailConfirmedAt).not.toBeNull();
    expect(
      await db.selectFrom('passwordCredentials').selectAll().where('userId', '=', userId).execute(),
    ).toEqual([]);

    const again = await signInAtProvider(person);
    const secondSession = await post({ app: testApp.app }, '/api/auth/refresh', undefined, {
      cookie: refreshCookieOf(again.callback),
    });
    expect(secondSession.json().user.id).toBe(userId);
  });

  it('links to the existing account with the same verified e-mail', async () => {
    const body = signUpBody();
    const signUp = await post({ app: testApp.app }, '/api/auth/signup', body);
    const { callback } = await signInAtProvider(
      account({ email: String(body.email).toUpperCase() }),
    );
    expect(callback.headers.location).toBe('/');
    const session = await post({ app: testApp.app }, '/api/auth/refresh', undefined, {
      cookie: refreshCookieOf(callback),
    });
    expect(session.json().user.id).toBe(signUp.json().user.id);
    // The provider vouched for the address, so password sign-in no longer waits for the link.
    expect(
      (
        await post({ app: testApp.app }, '/api/auth/login', {
          email: body.email,
          password: body.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('still asks for the second factor when two-factor sign-in is on', async () => {
    const person = account();
    const first = await signInAtProvider(person);
    const session = await post({ app: testApp.app }, '/api/auth/refresh', undefined, {
      cookie: refreshCookieOf(first.callback),
    });
    const token = session.json().accessToken as string;
    const { secret } = (
      await post({ app: testApp.app }, '/api/auth/mfa/totp/enroll', undefined, { token })
    ).json();
    const epoch = () => Math.floor(Date.now() / 1000);
    await post(
      { app: testApp.app },
      '/api/auth/mfa/totp/activate',
      { code: await generate({ secret, epoch: epoch() }) },
      { token },
    );

    const { callback } = await signInAtProvider(person);
    const location = new URL(callback.headers.location as string, APP_URL);
    expect(location.pathname).toBe('/auth');
    expect(refreshCookieOf(callback)).toBeUndefined();
    const challengeToken = location.searchParams.get('mfa') as string;
    const verified = await post({ app: testApp.app }, '/api/auth/mfa/verify', {
      challengeToken,
      code: await generate({ secret, epoch: epoch() + 30 }),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.email).toBe(person.email);
  });

  it('refuses an e-mail the provider has not verified, creating nothing', async () => {
    const person = account({ verified: false });
    const { callback } = await signInAtProvider(person);
    expect(callback.headers.location).toBe('/auth?error=email_not_verified');
    expect(refreshCookieOf(callback)).toBeUndefined();
    expect(
      await db.selectFrom('users').selectAll().where('email', '=', person.email).execute(),
    ).toEqual([]);
  });

  it('refuses a callback whose state was not started in this browser', async () => {
    const { callback } = await signInAtProvider(account(), { keepState: false });
    expect(callback.headers.location).toBe('/auth?error=provider_failed');
    expect(refreshCookieOf(callback)).toBeUndefined();
  });
});

describe('identity: providers that are not configured', () => {
  const testApp = apiFixture();

  it.each([
    ['google', 'Login com Google não está configurado. Use e-mail e senha.'],
    ['apple', 'Login com Apple não está configurado. Use e-mail e senha.'],
  ])('answers 400 provider_not_enabled for %s', async (provider, message) => {
    for (const url of [
      `/api/auth/providers/${provider}`,
      `/api/auth/providers/${provider}/callback?code=x&state=y`,
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, code: 'provider_not_enabled', message });
    }
  });

  it('answers 404 for an unknown provider', async () => {
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/auth/providers/facebook' })).statusCode,
    ).toBe(404);
  });
});

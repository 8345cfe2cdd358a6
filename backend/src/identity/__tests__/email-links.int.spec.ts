import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import {
  GENEROUS_RATE_LIMITS,
  identityFixture,
  post,
  refreshCookieOf,
  signUpBody,
} from './identity-test-kit';
import { type SmtpCapture, startSmtpCapture } from '../../../../test/support/smtp-capture';
import { expectRefusal } from '../../../../test/support/api';

const APP_URL = 'https://vira.exemplo.com.br';

function linkIn(text: string | undefined): URL {
  const match = /https?:\/\/\S+/.exec(text ?? '');
  if (!match) throw new Error(`sem link no e-mail: ${text}`);
  return new URL(match[0]);
}

describe('identity: confirmation and password reset e-mails over real SMTP', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());
  const { client, db } = identityFixture(() => ({
    SMTP_URL: smtp.url,
    APP_URL,
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true',
  }));

  async function signUpAndConfirm() {
    const body = signUpBody();
    expect((await post(client, '/api/auth/signup', body)).statusCode).toBe(201);
    const link = linkIn((await smtp.waitFor(String(body.email))).text);
    expect(
      (await client.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` }))
        .statusCode,
    ).toBe(302);
    return body;
  }

  it('sends a confirmation link after sign-up; login waits for it; the link works once', async () => {
    const body = signUpBody();
    const signedUp = await post(client, '/api/auth/signup', body);
    expect(signedUp.statusCode).toBe(201);
    // The SPA says 'Verifique seu e-mail' only when one was really sent.
    expect(signedUp.json().emailConfirmation).toEqual({ sent: true, required: true });
    const mail = await smtp.waitFor(String(body.email));
    expect(mail.subject).toBe('Confirme seu e-mail no Vira');
    expect(mail.from?.text).toContain('nao-responda@vira.app');
    const link = linkIn(mail.text);
    expect(link.origin).toBe(APP_URL);
    expect(link.pathname).toBe('/api/auth/confirm');
    expect(mail.html).toContain(`href="${link.toString()}"`);

    const early = await post(client, '/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expectRefusal(early, 403, 'email_not_confirmed', 'Confirme seu e-mail antes de entrar.');
    expect(refreshCookieOf(early)).toBeUndefined();

    const confirm = await client.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
    });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/auth?confirmed=1');
    expect(
      (await post(client, '/api/auth/login', { email: body.email, password: body.password }))
        .statusCode,
    ).toBe(200);

    const again = await client.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.headers.location).toBe('/auth?confirmed=0');
    const stored = await db
      .selectFrom('emailTokens')
      .select('tokenHash')
      .where('purpose', '=', 'confirm_email')
      .execute();
    expect(stored.map((row) => row.tokenHash.toString('base64url'))).not.toContain(
      link.searchParams.get('token'),
    );
  });

  it('refuses wrong password with 401 before saying anything about confirmation', async () => {
    const body = signUpBody();
    await post(client, '/api/auth/signup', body);
    expect(
      (await post(client, '/api/auth/login', { email: body.email, password: 'errada123' }))
        .statusCode,
    ).toBe(401);
  });

  it('resets the password from the e-mailed link, once, and signs every session out', async () => {
    const body = await signUpAndConfirm();
    const before = await post(client, '/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    const oldSession = refreshCookieOf(before) as string;

    const recover = await post(client, '/api/auth/recover', {
      email: String(body.email).toUpperCase(),
    });
    expect(recover.statusCode).toBe(200);
    const mail = await smtp
      .waitFor(String(body.email))
      .then(() =>
        smtp.messages
          .filter((message) => message.subject === 'Redefinição de senha do Vira')
          .at(-1),
      );
    const link = linkIn(mail?.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/auth`);
    const token = link.searchParams.get('reset') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await post(client, '/api/auth/reset', { token, password: 'nova-senha-forte' });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post(client, '/api/auth/login', { email: body.email, password: body.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(client, '/api/auth/login', { email: body.email, password: 'nova-senha-forte' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(client, '/api/auth/refresh', undefined, { cookie: oldSession })).statusCode,
    ).toBe(401);

    const reused = await post(client, '/api/auth/reset', { token, password: 'outra-senha-123' });
    expectRefusal(reused, 400, 'invalid_reset_token', 'Link de redefinição inválido ou expirado.');
  });

  it('refuses a reset link older than one hour, and a short new password naming the rule', async () => {
    const body = await signUpAndConfirm();
    await post(client, '/api/auth/recover', { email: body.email });
    await smtp.waitFor(String(body.email));
    const resetMail = smtp.messages
      .filter((message) => message.subject === 'Redefinição de senha do Vira')
      .at(-1);
    const token = linkIn(resetMail?.text).searchParams.get('reset') as string;

    const short = await post(client, '/api/auth/reset', { token, password: '123' });
    expect(short.json()).toMatchObject({
      statusCode: 400,
      message: 'A senha deve ter no mínimo 6 caracteres',
    });

    const expiresAt = await db
      .selectFrom('emailTokens')
      .select('expiresAt')
      .where('purpose', '=', 'reset_password')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(expiresAt.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(expiresAt.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    await db
      .updateTable('emailTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'reset_password')
      .execute();
    expect(
      (await post(client, '/api/auth/reset', { token, password: 'nova-senha-forte' })).statusCode,
    ).toBe(400);
    expect(
      (await post(client, '/api/auth/login', { email: body.email, password: body.password }))
        .statusCode,
    ).toBe(200);
  });

  it('answers recover for an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const unknown = `ninguem.${Date.now()}@exemplo.com`;
    const response = await post(client, '/api/auth/recover', { email: unknown });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
    });
    await expect(smtp.waitFor(unknown, 300)).rejects.toThrow();
  });
});

describe('identity: dev mailbox when no SMTP_URL is set', () => {
  const notFound = { statusCode: 404, code: 'not_found', message: 'Recurso não encontrado' };
  const mailboxOf = (
    testApp: TestApp,
    options: { remoteAddress?: string; headers?: Record<string, string>; to?: string } = {},
  ) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox${options.to ? `?to=${encodeURIComponent(options.to)}` : ''}`,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: options.headers ?? {},
    });

  it('keeps messages readable at GET /api/dev/mailbox when DEV_MAILBOX=true, from this machine', async () => {
    const testApp = await startTestApp({
      DEV_MAILBOX: 'true',
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true',
      ...GENEROUS_RATE_LIMITS,
    });
    try {
      const client = { app: testApp.app };
      const body = signUpBody();
      // Kept in the mailbox this machine reads: as good as sent.
      expect((await post(client, '/api/auth/signup', body)).json().emailConfirmation).toEqual({
        sent: true,
        required: true,
      });
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        expect((await mailboxOf(testApp, { remoteAddress })).statusCode).toBe(200);
      }
      const mailbox = await mailboxOf(testApp, { to: String(body.email) });
      expect(mailbox.statusCode).toBe(200);
      const [mail] = mailbox.json().items;
      expect(mail).toMatchObject({ to: body.email, subject: 'Confirme seu e-mail no Vira' });
      const link = linkIn(mail.text);
      const confirm = await client.app.inject({
        method: 'GET',
        url: `${link.pathname}${link.search}`,
      });
      expect(confirm.headers.location).toBe('/auth?confirmed=1');
      expect(
        (await post(client, '/api/auth/login', { email: body.email, password: body.password }))
          .statusCode,
      ).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('a start with no SMTP and no mailbox says no e-mail was sent; without confirmation required, sign-in works at once', async () => {
    const testApp = await startTestApp({
      NODE_ENV: 'development',
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      ...GENEROUS_RATE_LIMITS,
    });
    try {
      const body = signUpBody();
      const signedUp = await post({ app: testApp.app }, '/api/auth/signup', body);
      expect(signedUp.statusCode).toBe(201);
      expect(signedUp.json().emailConfirmation).toEqual({ sent: false, required: false });
      const login = await post({ app: testApp.app }, '/api/auth/login', {
        email: body.email,
        password: body.password,
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it("is off unless DEV_MAILBOX=true: a plain start does not list anyone's links", async () => {
    const testApp = await startTestApp({ NODE_ENV: 'development', ...GENEROUS_RATE_LIMITS });
    try {
      await post({ app: testApp.app }, '/api/auth/signup', signUpBody());
      const response = await mailboxOf(testApp);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    } finally {
      await testApp.close();
    }
  });

  it('answers only loopback clients, by the socket address, never by X-Forwarded-For', async () => {
    // Even a proxy the app trusts cannot vouch for a loopback client.
    const testApp = await startTestApp({ DEV_MAILBOX: 'true', TRUST_PROXY: 'true' });
    try {
      const refused = [
        await mailboxOf(testApp, { remoteAddress: '192.168.0.20' }),
        await mailboxOf(testApp, { remoteAddress: '10.0.0.7' }),
        await mailboxOf(testApp, { remoteAddress: '2001:db8::1' }),
        await mailboxOf(testApp, {
          remoteAddress: '192.168.0.20',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        }),
        // A reverse proxy on this machine relays other machines: not a local client either.
        await mailboxOf(testApp, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
        await mailboxOf(testApp, { headers: { forwarded: 'for=203.0.113.9' } }),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect((await mailboxOf(testApp)).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('is not served in production, even with DEV_MAILBOX=true', async () => {
    const testApp = await startTestApp({
      NODE_ENV: 'production',
      PIX_SECRETS_KEY: 'k'.repeat(32),
      JWT_SECRET: 'p'.repeat(40),
      PERSONAL_DATA_KEY: 'd'.repeat(40),
      DEV_MAILBOX: 'true',
    });
    try {
      const response = await mailboxOf(testApp);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    } finally {
      await testApp.close();
    }
  });
});

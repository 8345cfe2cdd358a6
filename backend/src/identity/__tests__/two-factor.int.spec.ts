import { generate } from 'otplib';
import {
  getMe,
  post,
  refreshCookieOf,
  signUpAndLogin,
  signUpBody,
  identityFixture,
} from './identity-test-kit';
import { expectRefusal } from '../../../../test/support/api';
import { freshAddress } from '../../../../test/support/accounts';

const rateLimited = {
  statusCode: 429,
  code: 'rate_limited',
  message: 'Muitas tentativas. Tente novamente em instantes.',
};

/** The code an authenticator app shows `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe('identity: two-factor sign-in with TOTP', () => {
  const { client, db } = identityFixture();

  async function trainerWithTwoFactor() {
    const { body, token } = await signUpAndLogin(client);
    const enrolment = (
      await post(client, '/api/auth/mfa/totp/enroll', undefined, { token })
    ).json();
    const activationCode = await codeAt(enrolment.secret);
    const activation = await post(
      client,
      '/api/auth/mfa/totp/activate',
      { code: activationCode },
      { token },
    );
    expect(activation.statusCode).toBe(200);
    return {
      body,
      token,
      secret: enrolment.secret as string,
      activationCode,
      recoveryCodes: activation.json().recoveryCodes as string[],
    };
  }
  const login = (body: Record<string, unknown>) =>
    post(client, '/api/auth/login', { email: body.email, password: body.password });
  const verify = (challengeToken: string, code: string) =>
    post(client, '/api/auth/mfa/verify', { challengeToken, code });
  const isEnabled = async (token: string) => {
    const status = await client.app.inject({
      method: 'GET',
      url: '/api/auth/mfa/totp',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.statusCode).toBe(200);
    return status.json().enabled as boolean;
  };

  it('enrols with a secret, an otpauth URI and a QR code, and activates with a first valid code', async () => {
    const body = signUpBody();
    await post(client, '/api/auth/signup', body);
    const token = (await login(body)).json().accessToken;
    expect((await post(client, '/api/auth/mfa/totp/enroll')).statusCode).toBe(401);

    expect(await isEnabled(token)).toBe(false);
    const enrolment = await post(client, '/api/auth/mfa/totp/enroll', undefined, { token });
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = enrolment.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Vira:${encodeURIComponent(String(body.email))}?secret=${secret}&issuer=Vira`,
    );
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // Not active until confirmed with a code: sign-in is still one step.
    expect((await login(body)).json()).toHaveProperty('accessToken');
    expect(await isEnabled(token)).toBe(false);

    const wrong = await post(client, '/api/auth/mfa/totp/activate', { code: '000000' }, { token });
    expectRefusal(wrong, 400, 'invalid_mfa_code', 'Código de verificação inválido.');

    const activation = await post(
      client,
      '/api/auth/mfa/totp/activate',
      { code: await codeAt(secret) },
      { token },
    );
    expect(activation.statusCode).toBe(200);
    expect(await isEnabled(token)).toBe(true);
    const { recoveryCodes } = activation.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((code: string) => expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    const stored = await db.selectFrom('mfaRecoveryCodes').select('codeHash').execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    const again = await post(client, '/api/auth/mfa/totp/enroll', undefined, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('mfa_already_enabled');
  });

  it('asks for the second step at login, refuses wrong and replayed codes, then signs in once', async () => {
    const { body, secret, activationCode } = await trainerWithTwoFactor();
    const first = await login(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      mfaRequired: true,
      challengeToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(refreshCookieOf(first)).toBeUndefined();
    const { challengeToken } = first.json();

    const wrong = await verify(challengeToken, '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_mfa_code' });
    expect((await verify(challengeToken, activationCode)).statusCode).toBe(401);

    const right = await verify(challengeToken, await codeAt(secret, 30));
    expect(right.statusCode).toBe(200);
    expect(refreshCookieOf(right)).toBeDefined();
    expect((await getMe(client, right.json().accessToken)).json().email).toBe(body.email);

    const reused = await verify(challengeToken, await codeAt(secret, 30));
    expectRefusal(
      reused,
      401,
      'invalid_mfa_challenge',
      'A verificação expirou. Faça login novamente.',
    );
  });

  it('accepts each recovery code once instead of a code', async () => {
    const { body, recoveryCodes } = await trainerWithTwoFactor();
    const first = (await login(body)).json().challengeToken;
    expect((await verify(first, recoveryCodes[3].toUpperCase())).statusCode).toBe(200);
    const second = (await login(body)).json().challengeToken;
    expect((await verify(second, recoveryCodes[3])).statusCode).toBe(401);
    expect((await verify(second, recoveryCodes[4])).statusCode).toBe(200);
  });

  it('drops a challenge after 5 wrong attempts', async () => {
    const { body, secret } = await trainerWithTwoFactor();
    const { challengeToken } = (await login(body)).json();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await verify(challengeToken, '000000')).statusCode).toBe(401);
    const late = await verify(challengeToken, await codeAt(secret, 30));
    expect(late.json().code).toBe('invalid_mfa_challenge');
  });

  const removeWith = (token: string, payload: Record<string, unknown>) =>
    client.app.inject({
      method: 'DELETE',
      url: '/api/auth/mfa/totp',
      payload,
      headers: { authorization: `Bearer ${token}` },
    });

  it('removes two-factor only with a valid code and the password; sign-in is then one step again', async () => {
    const { body, token, recoveryCodes } = await trainerWithTwoFactor();
    const remove = (code: string, password = String(body.password)) =>
      removeWith(token, { code, password });
    expect((await remove('000000')).statusCode).toBe(400);
    expect((await login(body)).json()).toHaveProperty('mfaRequired', true);
    expect(await isEnabled(token)).toBe(true);
    // A stolen access token and a code are not enough: the password too.
    expectRefusal(
      await remove(recoveryCodes[0], 'errada123'),
      400,
      'invalid_password',
      'Senha incorreta.',
    );
    const withoutPassword = await removeWith(token, { code: recoveryCodes[0] });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().message).toMatch(/senha/i);
    expect(await isEnabled(token)).toBe(true);
    expect((await remove(recoveryCodes[0])).statusCode).toBe(204);
    expect(await isEnabled(token)).toBe(false);
    expect((await login(body)).json()).toHaveProperty('accessToken');
  });

  describe('limits wrong codes per account (RATE_LIMIT_MFA_PER_ACCOUNT, 10 per 10 minutes)', () => {
    const expectLimited = (response: Awaited<ReturnType<typeof login>>) => {
      expect(response.json()).toEqual(rateLimited);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
    };

    it('at sign-in, across challenges and addresses: even the right code waits once ten were wrong', async () => {
      const { body, secret } = await trainerWithTwoFactor();
      const from = (address: string) => ({ app: client.app, address });
      for (let attempt = 0; attempt < 10; attempt++) {
        const address = freshAddress();
        const challenge = await post(from(address), '/api/auth/login', {
          email: body.email,
          password: body.password,
        });
        const { challengeToken } = challenge.json();
        const wrong = await post(from(address), '/api/auth/mfa/verify', {
          challengeToken,
          code: '000000',
        });
        expect(wrong.statusCode).toBe(401);
      }
      const address = freshAddress();
      const { challengeToken } = (
        await post(from(address), '/api/auth/login', { email: body.email, password: body.password })
      ).json();
      const right = await post(from(address), '/api/auth/mfa/verify', {
        challengeToken,
        code: await codeAt(secret, 30),
      });
      expectLimited(right);
      expect(refreshCookieOf(right)).toBeUndefined();
    });

    it('when turning it off: ten wrong codes, then the right code and password wait too', async () => {
      const { body, token, secret } = await trainerWithTwoFactor();
      for (let attempt = 0; attempt < 10; attempt++)
        expect(
          (await removeWith(token, { code: '000000', password: body.password })).statusCode,
        ).toBe(400);
      expectLimited(
        await removeWith(token, { code: await codeAt(secret, 30), password: body.password }),
      );
      expect(await isEnabled(token)).toBe(true);
    });

    it('when turning it off: wrong passwords count too', async () => {
      const { token, secret } = await trainerWithTwoFactor();
      for (let attempt = 0; attempt < 10; attempt++)
        expect(
          (await removeWith(token, { code: await codeAt(secret, 30), password: `chute${attempt}` }))
            .statusCode,
        ).toBe(400);
      expect(
        (await removeWith(token, { code: await codeAt(secret, 30), password: 'outro' })).statusCode,
      ).toBe(429);
      expect(await isEnabled(token)).toBe(true);
    });

    it('when activating: ten wrong codes, then the right one waits', async () => {
      const { token } = await signUpAndLogin(client);
      const { secret } = (await post(client, '/api/auth/mfa/totp/enroll', undefined, { token })).json();
      for (let attempt = 0; attempt < 10; attempt++)
        expect(
          (await post(client, '/api/auth/mfa/totp/activate', { code: '000000' }, { token }))
            .statusCode,
        ).toBe(400);
      expectLimited(
        await post(client, '/api/auth/mfa/totp/activate', { code: await codeAt(secret) }, { token }),
      );
      expect(await isEnabled(token)).toBe(false);
    });
  });
});

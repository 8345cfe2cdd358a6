import { sql } from 'kysely';
import { startTestApp } from '../../../../test/support/test-app';
import { readStream } from '../../platform/event-store/event-store';
import {
  countRows,
  getMe,
  hs256,
  sessionOf,
  post,
  refreshCookieOf,
  GENEROUS_RATE_LIMITS,
  signUpBody,
  signUpAndLogin as signUpAndLoginAs,
  identityFixture,
} from './identity-test-kit';
import { expectRefusal } from '../../../../test/support/api';

describe('identity: accounts, sessions and tenants (real app, PostgreSQL, Redis)', () => {
  const { testApp, client, db } = identityFixture();

  const signUpAndLogin = (overrides: Record<string, unknown> = {}) =>
    signUpAndLoginAs(client, overrides);

  describe('sign-up', () => {
    it('creates the trainer, tenant, profile, role and slug, and records the events in the same transaction', async () => {
      const body = signUpBody({
        nome: 'Márcia Lima',
        email: `  Marcia.${Date.now()}@Exemplo.com `,
      });
      const response = await post(client, '/api/auth/signup', body);
      expect(response.statusCode).toBe(201);
      const { user } = response.json();
      const email = String(body.email).trim().toLowerCase();
      expect(user).toEqual({
        id: expect.any(String),
        email,
        nome: 'Márcia Lima',
        role: 'personal',
        tenantId: expect.any(String),
        tenantSlug: expect.stringMatching(/^marcia-lima(-\d+)?$/),
        onboardingRequired: true,
      });

      const profile = await db
        .selectFrom('profiles')
        .select([
          'tenantId',
          'cpf',
          'telefone',
          sql<string>`data_nascimento::text`.as('dataNascimento'),
        ])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(profile).toEqual({
        tenantId: user.tenantId,
        cpf: '52998224725',
        telefone: '11987654321',
        dataNascimento: '1990-05-17',
      });
      const roles = await db
        .selectFrom('userRoles')
        .select('role')
        .where('userId', '=', user.id)
        .execute();
      expect(roles).toEqual([{ role: 'personal' }]);
      const credential = await db
        .selectFrom('passwordCredentials')
        .select('passwordHash')
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(credential.passwordHash).toMatch(/^\$argon2id\$/);

      const events = await sql<{
        eventType: string;
        streamType: string;
        streamVersion: number;
        data: Record<string, unknown>;
        metadata: Record<string, string>;
        sameTransaction: boolean;
      }>`
        select e.event_type, e.stream_type, e.stream_version, e.data, e.metadata,
               (e.transaction_id::text::bigint % 4294967296) = u.xmin::text::bigint as same_transaction
        from events e, users u
        where e.stream_id = ${user.tenantId}::uuid and u.id = ${user.id}::uuid
        order by e.stream_version`.execute(db);
      expect(
        events.rows.map((event) => [event.eventType, event.streamType, event.streamVersion]),
      ).toEqual([
        ['TenantCreated', 'tenant', 1],
        ['TrainerRegistered', 'tenant', 2],
      ]);
      // The trainer's name is theirs: sealed out of the data (platform/personal-data), read back whole.
      expect(events.rows[0].data).toEqual({ tenantId: user.tenantId, slug: user.tenantSlug });
      expect((await readStream(db, user.tenantId, user.tenantId))[0].data).toEqual({
        tenantId: user.tenantId,
        slug: user.tenantSlug,
        nome: 'Márcia Lima',
      });
      expect(events.rows[1].data).toEqual({
        tenantId: user.tenantId,
        userId: user.id,
      });
      expect(events.rows.every((event) => event.sameTransaction)).toBe(true);
      const metadata = events.rows[0].metadata;
      expect(metadata).toMatchObject({ actorId: user.id, actorRole: 'personal' });
      expect(new Set([metadata.correlationId, metadata.commandId]).size).toBe(2);
      expect(metadata.causationId).toEqual(expect.any(String));
      // Credentials never enter the log.
      expect(JSON.stringify(events.rows)).not.toContain(String(body.password));
    });

    it('answers 409 for an e-mail already registered, in any letter case, writing nothing', async () => {
      const body = signUpBody();
      expect((await post(client, '/api/auth/signup', body)).statusCode).toBe(201);
      const before = await countRows(db);
      const again = await post(client, '/api/auth/signup', {
        ...body,
        email: String(body.email).toUpperCase(),
      });
      expectRefusal(again, 409, 'user_already_registered', 'Usuário já cadastrado. Faça login.');
      expect(await countRows(db)).toEqual(before);
    });

    it('gives concurrent sign-ups with the same name distinct slugs (ana-souza, ana-souza-2, ...)', async () => {
      const nome = `Zélia Prado ${Date.now()}`;
      const base = `zelia-prado-${nome.split(' ').at(-1)}`;
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => post(client, '/api/auth/signup', signUpBody({ nome }))),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([
        201, 201, 201, 201, 201, 201,
      ]);
      const slugs = responses.map((response) => response.json().user.tenantSlug).sort();
      expect(slugs).toEqual(
        [base, `${base}-2`, `${base}-3`, `${base}-4`, `${base}-5`, `${base}-6`].sort(),
      );
    });

    it('lets only one of two concurrent sign-ups with the same e-mail through', async () => {
      const body = signUpBody();
      const responses = await Promise.all([
        post(client, '/api/auth/signup', body),
        post(client, '/api/auth/signup', body),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const tenants = await db
        .selectFrom('profiles')
        .select('tenantId')
        .where('email', '=', String(body.email))
        .execute();
      expect(tenants).toHaveLength(1);
    });

    it.each([
      [{ nome: undefined }, "Campo 'Nome' é obrigatório"],
      [{ nome: '   ' }, 'Informe seu nome'],
      [{ cpf: '52998224724' }, 'CPF inválido'],
      [{ cpf: '111.111.111-11' }, 'CPF inválido'],
      [{ cpf: undefined }, "Campo 'CPF' é obrigatório"],
      [{ telefone: '987654321' }, 'Celular inválido: informe DDD e número, com 10 ou 11 dígitos'],
      [
        { telefone: '119876543210' },
        'Celular inválido: informe DDD e número, com 10 ou 11 dígitos',
      ],
      [{ password: '12345' }, 'A senha deve ter no mínimo 6 caracteres'],
      [{ email: 'ana@' }, 'E-mail inválido'],
      [{ dataNascimento: '17/05/1990' }, 'Data de nascimento inválida (use AAAA-MM-DD)'],
      [{ dataNascimento: '1990-02-30' }, 'Data de nascimento inválida: deve ser uma data passada'],
      [{ dataNascimento: '2999-01-01' }, 'Data de nascimento inválida: deve ser uma data passada'],
      [{ dataNascimento: '1890-01-01' }, 'Data de nascimento inválida: mais de 120 anos atrás'],
      [{ role: 'aluno' }, 'Requisição inválida: campo(s) não permitido(s): role'],
    ])('refuses %p with 400 "%s" and writes nothing', async (overrides, message) => {
      const before = await countRows(db);
      const response = await post(client, '/api/auth/signup', signUpBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, code: 'validation_error', message });
      expect(await countRows(db)).toEqual(before);
    });

    it('accepts CPF and phone typed with their masks', async () => {
      const response = await post(
        client,
        '/api/auth/signup',
        signUpBody({ cpf: '529.982.247-25', telefone: '(11) 98765-4321' }),
      );
      expect(response.statusCode).toBe(201);
      const profile = await db
        .selectFrom('profiles')
        .select(['cpf', 'telefone'])
        .where('id', '=', response.json().user.id)
        .executeTakeFirstOrThrow();
      expect(profile).toEqual({ cpf: '52998224725', telefone: '11987654321' });
    });
  });

  describe('login, refresh, logout', () => {
    it('signs in with an access token, the user and an httpOnly refresh cookie scoped to /api/auth', async () => {
      const body = signUpBody();
      await post(client, '/api/auth/signup', body);
      const response = await post(client, '/api/auth/login', {
        email: String(body.email).toUpperCase(),
        password: body.password,
      });
      expect(response.statusCode).toBe(200);
      const { accessToken, user } = response.json();
      expect(user).toMatchObject({
        email: body.email,
        nome: 'Ana Souza',
        role: 'personal',
        onboardingRequired: true,
      });
      const cookie = response.cookies.find((candidate) => candidate.name === 'vira_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await db
        .selectFrom('refreshTokens')
        .select('tokenHash')
        .where('userId', '=', user.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].tokenHash.toString('base64url')).not.toBe(cookie?.value);

      const me = await getMe(client, accessToken);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(user);
    });

    it('marks the refresh cookie Secure in production', async () => {
      // Same secret as the suite's app: passport keeps one global 'jwt' strategy per process.
      const production = await startTestApp({
        NODE_ENV: 'production',
        PIX_SECRETS_KEY: 'k'.repeat(32),
        JWT_SECRET: testApp.config.JWT_SECRET,
        PERSONAL_DATA_KEY: testApp.config.PERSONAL_DATA_KEY,
        AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
        ...GENEROUS_RATE_LIMITS,
      });
      try {
        const body = signUpBody();
        await post({ app: production.app }, '/api/auth/signup', body);
        const response = await post({ app: production.app }, '/api/auth/login', {
          email: body.email,
          password: body.password,
        });
        expect(response.cookies.find((cookie) => cookie.name === 'vira_refresh')).toMatchObject({
          secure: true,
          httpOnly: true,
          sameSite: 'Lax',
        });
      } finally {
        await production.close();
      }
    });

    it('answers unknown e-mail and wrong password alike, at a similar cost', async () => {
      const body = signUpBody();
      await post(client, '/api/auth/signup', body);
      const expected = {
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'Email ou senha incorretos',
      };
      // The CPU this process spends on the answer (argon2 runs on its thread pool), not the wall
      // time: on a busy machine the path that waits on more I/O (a failed attempt is recorded) is
      // stretched far more than the other, and the hash is what gives an unknown e-mail away.
      const cost = async (payload: Record<string, unknown>) => {
        const started = process.cpuUsage();
        const response = await post(client, '/api/auth/login', payload);
        const used = process.cpuUsage(started);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(expected);
        expect(refreshCookieOf(response)).toBeUndefined();
        return (used.user + used.system) / 1000;
      };
      await cost({ email: 'aquecimento@exemplo.com', password: 'x' });
      const wrongPassword: number[] = [];
      const unknownEmail: number[] = [];
      for (let round = 0; round < 7; round++) {
        wrongPassword.push(await cost({ email: body.email, password: 'errada123' }));
        unknownEmail.push(
          await cost({ email: `ninguem.${round}@exemplo.com`, password: 'errada123' }),
        );
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[3];
      // Both spend one argon2id verification (tens of ms of CPU); a skipped hash would be ~10x cheaper.
      expect(median(unknownEmail)).toBeGreaterThan(median(wrongPassword) * 0.4);
      expect(median(wrongPassword)).toBeGreaterThan(median(unknownEmail) * 0.4);
    });

    it('rotates the refresh token on every use', async () => {
      const { cookie, signUp } = await signUpAndLogin();
      const first = await post(client, '/api/auth/refresh', undefined, { cookie });
      expect(first.statusCode).toBe(200);
      expect(first.json().user.id).toBe(signUp.user.id);
      const second = refreshCookieOf(first) as string;
      expect(second).toBeDefined();
      expect(second).not.toBe(cookie);
      expect((await getMe(client, first.json().accessToken)).statusCode).toBe(200);
      const third = await post(client, '/api/auth/refresh', undefined, { cookie: second });
      expect(third.statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token is reused: the newest token stops working too', async () => {
      const { cookie: original } = await signUpAndLogin();
      const rotated = await post(client, '/api/auth/refresh', undefined, { cookie: original });
      const newest = refreshCookieOf(rotated) as string;
      const rotatedAgain = await post(client, '/api/auth/refresh', undefined, { cookie: newest });
      const newestOfAll = refreshCookieOf(rotatedAgain) as string;

      const reuse = await post(client, '/api/auth/refresh', undefined, { cookie: original });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({
        code: 'invalid_refresh_token',
        message: 'Sessão expirada. Faça login novamente.',
      });
      const afterTheft = await post(client, '/api/auth/refresh', undefined, {
        cookie: newestOfAll,
      });
      expect(afterTheft.statusCode).toBe(401);
    });

    it('gives two tabs refreshing one cookie at the same moment the same new pair, and keeps the user signed in', async () => {
      const { cookie, signUp } = await signUpAndLogin();
      const responses = await Promise.all([
        post(client, '/api/auth/refresh', undefined, { cookie }),
        post(client, '/api/auth/refresh', undefined, { cookie }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      const [first, second] = responses.map(refreshCookieOf);
      expect(first).toBeDefined();
      expect(first).not.toBe(cookie);
      expect(second).toBe(first);
      for (const response of responses) {
        const me = await getMe(client, response.json().accessToken);
        expect(me.statusCode).toBe(200);
        expect(me.json().id).toBe(signUp.user.id);
      }
      // Not a new branch: one live token in the family, and it keeps working.
      const live = await db
        .selectFrom('refreshTokens')
        .select('id')
        .where('userId', '=', signUp.user.id)
        .where('rotatedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .execute();
      expect(live).toHaveLength(1);
      const next = await post(client, '/api/auth/refresh', undefined, { cookie: first });
      expect(next.statusCode).toBe(200);
      // A third late tab with the same old cookie, still within the grace: the family's newest is
      // no longer its successor, so it is an older ancestor and the family is revoked.
      expect((await post(client, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
      expect(
        (await post(client, '/api/auth/refresh', undefined, { cookie: refreshCookieOf(next) }))
          .statusCode,
      ).toBe(401);
    });

    it('treats the just-rotated token as reuse once the grace is over: the family is revoked', async () => {
      const { cookie, signUp } = await signUpAndLogin();
      const rotated = await post(client, '/api/auth/refresh', undefined, { cookie });
      const newest = refreshCookieOf(rotated) as string;
      // The rotation happened 31 s ago (grace: 30 s).
      await db
        .updateTable('refreshTokens')
        .set({ rotatedAt: sql<Date>`rotated_at - interval '31 seconds'` })
        .where('userId', '=', signUp.user.id)
        .where('rotatedAt', 'is not', null)
        .execute();
      const reuse = await post(client, '/api/auth/refresh', undefined, { cookie });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({ code: 'invalid_refresh_token' });
      expect(
        (await post(client, '/api/auth/refresh', undefined, { cookie: newest })).statusCode,
      ).toBe(401);
    });

    it('does not let another sign-in of the same user be affected by a family revocation', async () => {
      const { body, cookie, signUp } = await signUpAndLogin();
      const otherDevice = await post(client, '/api/auth/login', {
        email: body.email,
        password: body.password,
      });
      const rotated = await post(client, '/api/auth/refresh', undefined, { cookie });
      await post(client, '/api/auth/refresh', undefined, { cookie: refreshCookieOf(rotated) });
      // reuse of an older ancestor: family of the first sign-in revoked
      expect((await post(client, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
      expect(
        await db
          .selectFrom('refreshTokens')
          .select('id')
          .where('userId', '=', signUp.user.id)
          .where('revokedAt', 'is', null)
          .execute(),
      ).toHaveLength(1);
      expect(
        (
          await post(client, '/api/auth/refresh', undefined, {
            cookie: refreshCookieOf(otherDevice),
          })
        ).statusCode,
      ).toBe(200);
    });

    it('logout revokes the refresh token and clears the cookie', async () => {
      const { cookie } = await signUpAndLogin();
      const logout = await post(client, '/api/auth/logout', undefined, { cookie });
      expect(logout.statusCode).toBe(204);
      const cleared = logout.cookies.find((candidate) => candidate.name === 'vira_refresh');
      expect(cleared?.value).toBe('');
      expect((await post(client, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
    });

    it('refuses refresh without a cookie or with an unknown one', async () => {
      expect((await post(client, '/api/auth/refresh')).statusCode).toBe(401);
      expect(
        (await post(client, '/api/auth/refresh', undefined, { cookie: 'inventado' })).statusCode,
      ).toBe(401);
    });

    it('refuses an expired refresh token', async () => {
      const { cookie, signUp } = await signUpAndLogin();
      await db
        .updateTable('refreshTokens')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('userId', '=', signUp.user.id)
        .execute();
      expect((await post(client, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
    });
  });

  describe('access tokens on GET /api/me', () => {
    const unauthorized = {
      statusCode: 401,
      code: 'unauthorized',
      message: 'Usuário não autenticado',
    };

    it('refuses a missing, forged, expired, never-expiring, session-less or alg:none token with 401', async () => {
      const { signUp, token } = await signUpAndLogin();
      const claims = {
        sub: signUp.user.id,
        tid: signUp.user.tenantId,
        role: 'personal',
        ses: sessionOf(token),
      };
      const inAMinute = Math.floor(Date.now() / 1000) + 60;
      const tokens = {
        forged: hs256({ ...claims, exp: inAMinute }, 'outro-segredo-com-pelo-menos-32-caracteres'),
        expired: hs256(
          {
            ...claims,
            iat: Math.floor(Date.now() / 1000) - 3600,
            exp: Math.floor(Date.now() / 1000) - 60,
          },
          testApp.config.JWT_SECRET,
        ),
        algNone: `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
          JSON.stringify({ ...claims, exp: inAMinute }),
        ).toString('base64url')}.`,
        garbage: 'nao.e.jwt',
        // Signed with the right secret but valid forever: refused (the JWT library only checks exp when present).
        noExpiry: hs256(
          { ...claims, iat: Math.floor(Date.now() / 1000) },
          testApp.config.JWT_SECRET,
        ),
        noSession: hs256({ ...claims, ses: undefined, exp: inAMinute }, testApp.config.JWT_SECRET),
      };
      expect((await client.app.inject({ method: 'GET', url: '/api/me' })).json()).toEqual(
        unauthorized,
      );
      for (const token of Object.values(tokens)) {
        const response = await getMe(client, token);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(unauthorized);
      }
      // Sanity: the same claims, properly signed, are accepted.
      expect(
        (await getMe(client, hs256({ ...claims, exp: inAMinute }, testApp.config.JWT_SECRET)))
          .statusCode,
      ).toBe(200);
    });

    it("never shows another tenant's data, even to a validly signed token naming that tenant: 401", async () => {
      const ana = await signUpAndLogin({ nome: 'Ana Isolada' });
      const bruno = await signUpAndLogin({ nome: 'Bruno Isolado' });
      const anaMe = await getMe(client, ana.login.accessToken);
      expect(anaMe.json()).toMatchObject({
        id: ana.signUp.user.id,
        tenantId: ana.signUp.user.tenantId,
        nome: 'Ana Isolada',
      });
      expect(JSON.stringify(anaMe.json())).not.toContain(bruno.signUp.user.tenantId);

      const crossed = hs256(
        {
          sub: ana.signUp.user.id,
          tid: bruno.signUp.user.tenantId,
          role: 'personal',
          ses: sessionOf(ana.token),
          exp: Math.floor(Date.now() / 1000) + 60,
        },
        testApp.config.JWT_SECRET,
      );
      const response = await getMe(client, crossed);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('Bruno');
      expect(response.body).not.toContain(bruno.signUp.user.tenantSlug);
    });
  });
});

describe('identity: answers with tokens or personal data are never cached', () => {
  const { client } = identityFixture();

  it('sends Cache-Control: no-store on sign-up, login, refresh, /me and every authenticated answer', async () => {
    const body = signUpBody();
    const signUp = await post(client, '/api/auth/signup', body);
    const login = await post(client, '/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    const refresh = await post(client, '/api/auth/refresh', undefined, {
      cookie: refreshCookieOf(login),
    });
    const token = refresh.json().accessToken as string;
    const authorized = (url: string) =>
      client.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const answers = [
      signUp,
      login,
      refresh,
      await getMe(client, token),
      await authorized('/api/students'),
      await post(client, '/api/auth/logout', undefined, { cookie: refreshCookieOf(refresh) }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 200, 200, 200, 204]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('identity: OpenAPI', () => {
  const { testApp } = identityFixture();

  it('documents the request body of every identity route that takes one', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs-json' })).json();
    const bodyOf = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
    const expected: Array<[string, string, string[]]> = [
      [
        '/api/auth/signup',
        'post',
        ['nome', 'cpf', 'dataNascimento', 'telefone', 'email', 'password'],
      ],
      ['/api/auth/login', 'post', ['email', 'password']],
      ['/api/auth/mfa/verify', 'post', ['challengeToken', 'code']],
      ['/api/auth/recover', 'post', ['email']],
      ['/api/auth/reset', 'post', ['token', 'password']],
      ['/api/auth/mfa/totp/activate', 'post', ['code']],
      ['/api/auth/mfa/totp', 'delete', ['code', 'password']],
      ['/api/onboarding', 'post', ['answers']],
    ];
    for (const [path, method, fields] of expected) {
      const schema = bodyOf(path, method);
      expect({ path, properties: Object.keys(schema?.properties ?? {}).sort() }).toEqual({
        path,
        properties: [...fields].sort(),
      });
      expect(schema.additionalProperties).toBe(false);
    }
  });
});

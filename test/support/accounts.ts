/**
 * The people of integration tests, each made one way, here: a principal (a fresh tenant's user
 * with a real access token, recorded straight in the database), a trainer signed up and in through
 * the API, and a student of theirs with an account from an invite.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { REFRESH_COOKIE } from '../../backend/src/identity/infrastructure/refresh-cookie';
import { AccessTokenService } from '../../backend/src/platform/auth/access-token.service';
import type { AuthUser, Role } from '../../backend/src/platform/auth/auth-user';
import { DATABASE, type Db } from '../../backend/src/platform/database/database.module';
import { http } from './api';
import { projectAll } from './projections';

let sequence = 0;

/** For suites that test something else than rate limiting. */
export const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_PER_ADDRESS: '10000/60',
  RATE_LIMIT_LOGIN_PER_EMAIL: '10000/60',
  RATE_LIMIT_SIGNUP: '10000/60',
  RATE_LIMIT_RECOVER: '10000/60',
  RATE_LIMIT_RESET: '10000/60',
};

/** The app's settings for suites that sign people up: sign-in without e-mail confirmation, limits out of the way. */
export const ACCOUNTS_ENV = { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', ...GENEROUS_RATE_LIMITS };

/** A valid sign-up body with a fresh e-mail (CPF 529.982.247-25 has valid check digits). */
export function signUpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    nome: 'Ana Souza',
    cpf: '52998224725',
    dataNascimento: '1990-05-17',
    telefone: '11987654321',
    email: `ana.${process.pid}.${sequence}.${Date.now()}@exemplo.com.br`,
    password: 'segredo123',
    ...overrides,
  };
}

export interface Principal {
  userId: string;
  tenantId: string;
  role: Role;
  token: string;
}

/** A principal of a fresh tenant (a trainer unless told), with a real access token. */
export async function newPrincipal(
  app: NestFastifyApplication,
  role: Role = 'personal',
  tenantId: string = randomUUID(),
): Promise<Principal> {
  const user = { userId: randomUUID(), tenantId, role };
  return { ...user, token: await signedIn(app, user) };
}

/**
 * An access token of a live session for `user`, whose account (and tenant) is recorded here
 * first when missing: a token is only accepted for a user, tenant and session this database has.
 */
export async function signedIn(app: NestFastifyApplication, user: AuthUser): Promise<string> {
  const db = app.get<Db>(DATABASE);
  const email = `${user.userId}@teste.vira`;
  await db
    .insertInto('tenants')
    .values({ id: user.tenantId, slug: `teste-${user.tenantId}`, nome: 'Teste' })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('users')
    .values({ id: user.userId, email })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('profiles')
    .values({ id: user.userId, tenantId: user.tenantId, nome: 'Teste', email })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('userRoles')
    .values({ userId: user.userId, role: user.role })
    .onConflict((conflict) => conflict.columns(['userId', 'role']).doNothing())
    .execute();
  const familyId = randomUUID();
  await db
    .insertInto('refreshTokens')
    .values({
      id: randomUUID(),
      userId: user.userId,
      familyId,
      tokenHash: randomBytes(32),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })
    .execute();
  return app.get(AccessTokenService).sign(user, familyId);
}

/** Each test file starts its addresses at a random point (a jest worker runs several files, one Redis prefix). */
let addressSequence = randomInt(0, 250 * 250 * 250);
/**
 * A client address no other test of this worker uses: rate limits count per address in Redis, and
 * a file that shares 127.0.0.1 with the files run before it on its worker finds their counts.
 */
export const freshAddress = () => {
  addressSequence = (addressSequence + 1) % (250 * 250 * 250);
  const [a, b, c] = [
    Math.floor(addressSequence / 62_500),
    Math.floor(addressSequence / 250) % 250,
    addressSequence % 250,
  ];
  return `10.${a}.${b}.${c}`;
};

/**
 * A trainer signed up and in through the API (a real tenant, with its slug), from `address` when
 * given: a name, or the sign-up fields (a fresh e-mail unless given). Their sign-up body, both
 * answers, token, refresh cookie and client.
 */
export async function newTrainer(
  app: NestFastifyApplication,
  fields: string | Record<string, unknown> = 'Carlos Lima',
  { address }: { address?: string } = {},
) {
  const body = signUpBody(typeof fields === 'string' ? { nome: fields } : fields);
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: address });
  const signUp = await post('/api/auth/signup', body);
  expect(signUp.statusCode).toBe(201);
  const login = await post('/api/auth/login', { email: body.email, password: body.password });
  expect(login.statusCode).toBe(200);
  const token = login.json().accessToken as string;
  return {
    nome: body.nome as string,
    body,
    signUp: signUp.json(),
    login: login.json(),
    token,
    cookie: login.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)?.value as string,
    userId: login.json().user.id as string,
    tenantId: login.json().user.tenantId as string,
    api: http(app, { token }),
  };
}

export type Trainer = Awaited<ReturnType<typeof newTrainer>>;

/** A student of `trainer` with an account from an invite, signed in: role aluno. */
export async function newStudent(
  app: NestFastifyApplication,
  trainer: { api: ReturnType<typeof http> },
  nome = 'Ana Souza',
) {
  const created = await trainer.api.post('/api/students', { nome, whatsapp: '11999998888' });
  expect(created.statusCode).toBe(201);
  const studentId = created.json().id as string;
  await projectAll(app);
  const { token: invite } = (await trainer.api.post('/api/invites', { studentId })).json();
  sequence += 1;
  const email = `aluno.${process.pid}.${sequence}.${Date.now()}@exemplo.com.br`;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  const accepted = await post(`/api/invites/${invite}/accept`, {
    nome,
    email,
    password: 'segredo1',
  });
  expect(accepted.statusCode).toBe(201);
  const login = await post('/api/auth/login', { email, password: 'segredo1' });
  expect(login.statusCode).toBe(200);
  const token = login.json().accessToken as string;
  return { nome, studentId, token, api: http(app, { token }) };
}

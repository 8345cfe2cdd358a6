/** Trainers and invited students (role aluno) signed in through the API, for integration tests. */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { GENEROUS_RATE_LIMITS, signUpBody } from './accounts';
import { http } from './api';
import { projectAll } from './projections';
import { startTestApp, type TestApp } from './test-app';

export async function startAccountsApp(overrides: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  return startTestApp({
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
    ...GENEROUS_RATE_LIMITS,
    ...overrides,
  });
}

const post = (app: NestFastifyApplication, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload });

/** A trainer signed up and in through the API. */
export async function newTrainer(app: NestFastifyApplication, nome = 'Carlos Lima') {
  const body = signUpBody({ nome });
  expect((await post(app, '/api/auth/signup', body)).statusCode).toBe(201);
  const login = await post(app, '/api/auth/login', { email: body.email, password: body.password });
  expect(login.statusCode).toBe(200);
  const token = login.json().accessToken as string;
  return { nome, token, tenantId: login.json().user.tenantId as string, api: http(app, { token }) };
}

let sequence = 0;

/** A student of `trainer` with an account from an invite, signed in: role aluno. */
export async function newStudent(
  app: NestFastifyApplication,
  trainer: Awaited<ReturnType<typeof newTrainer>>,
  nome = 'Ana Souza',
) {
  const created = await trainer.api.post('/api/students', { nome, whatsapp: '11999998888' });
  expect(created.statusCode).toBe(201);
  const studentId = created.json().id as string;
  await projectAll(app);
  const { token: invite } = (await trainer.api.post('/api/invites', { studentId })).json();
  sequence += 1;
  const email = `aluno.${process.pid}.${sequence}.${Date.now()}@exemplo.com.br`;
  const accepted = await post(app, `/api/invites/${invite}/accept`, {
    nome,
    email,
    password: 'segredo1',
  });
  expect(accepted.statusCode).toBe(201);
  const login = await post(app, '/api/auth/login', { email, password: 'segredo1' });
  expect(login.statusCode).toBe(200);
  const token = login.json().accessToken as string;
  return { nome, studentId, token, api: http(app, { token }) };
}

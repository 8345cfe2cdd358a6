import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Role } from '../../backend/src/platform/auth/auth-user';
import type { AppConfig } from '../../backend/src/config/config';
import { ACCOUNTS_ENV, newPrincipal, newStudent, newTrainer } from './accounts';
import { countEvents, http } from './api';
import { projectAll } from './projections';
import { startTestApp, type TestApp } from './test-app';

/**
 * The real app of a describe block: started in its beforeAll (with `env` over the accounts
 * settings, sign-up without e-mail confirmation and generous limits; a function is read then, after
 * the hooks declared before it), closed in its afterAll, with the people who call it.
 */
export function apiFixture(env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {}) {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp({
      ...ACCOUNTS_ENV,
      ...(typeof env === 'function' ? env() : env),
    });
  });
  afterAll(() => started?.close());
  const running = (): TestApp => {
    if (!started) throw new Error('apiFixture: o app só existe dentro dos hooks e testes');
    return started;
  };
  return {
    get app(): NestFastifyApplication {
      return running().app;
    },
    get config(): AppConfig {
      return running().config;
    },
    /** A principal of a fresh tenant (a trainer unless told), recorded straight in the database. */
    principal: (role?: Role, tenantId?: string) => newPrincipal(running().app, role, tenantId),
    /** A trainer of a fresh tenant (a principal) with their client. */
    async trainer() {
      const principal = await newPrincipal(running().app);
      return { ...principal, api: http(running().app, principal) };
    },
    /** A trainer signed up and in through the API (see newTrainer). */
    signUp: (...args: Parameters<typeof newTrainer> extends [unknown, ...infer Rest] ? Rest : never) =>
      newTrainer(running().app, ...args),
    /** A student of `trainer` with an account from an invite, signed in. */
    student: (trainer: { api: ReturnType<typeof http> }, nome?: string) =>
      newStudent(running().app, trainer, nome),
    /** Requests as `principal`. */
    as: (principal: { token: string }) => http(running().app, principal),
    /** Every projection and process manager, as the worker would, to the end of the log. */
    project: () => projectAll(running().app),
    countEvents: (tenantId?: string) => countEvents(running().app, tenantId),
  };
}

export type ApiFixture = ReturnType<typeof apiFixture>;

import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AccessTokenService } from '../../platform/auth/access-token.service';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { projectToEndOfLog } from '../../../../test/support/projections';
import { studentProjections } from '../projections';

export interface Trainer {
  userId: string;
  tenantId: string;
  token: string;
}

/** A trainer of a fresh tenant, with a real access token. */
export async function newTrainer(app: NestFastifyApplication): Promise<Trainer> {
  const user = { userId: randomUUID(), tenantId: randomUUID(), role: 'personal' as const };
  return { ...user, token: await app.get(AccessTokenService).sign(user) };
}

/** Runs the students projections as the worker would, up to the end of the log. */
export function project(app: NestFastifyApplication, timeoutMs = 10_000): Promise<void> {
  return projectToEndOfLog(app, studentProjections, timeoutMs);
}

export function http(app: NestFastifyApplication, trainer: Trainer) {
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${trainer.token}`,
    ...extra,
  });
  return {
    get: (url: string, extra?: Record<string, string>) =>
      app.inject({ method: 'GET', url, headers: headers(extra) }),
    post: (url: string, payload?: unknown, extra?: Record<string, string>) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: headers(extra) }),
    patch: (url: string, payload?: unknown, extra?: Record<string, string>) =>
      app.inject({ method: 'PATCH', url, payload: payload as object, headers: headers(extra) }),
    delete: (url: string, extra?: Record<string, string>) =>
      app.inject({ method: 'DELETE', url, headers: headers(extra) }),
  };
}

export async function countEvents(app: NestFastifyApplication): Promise<number> {
  const row = await app
    .get<Db>(DATABASE)
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'kysely';
import { AccessTokenService } from '../../platform/auth/access-token.service';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { hasReached } from '../../platform/projections/checkpoint';
import { drainProjection, readCheckpoint } from '../../platform/projections/projection-runner';
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

/**
 * Runs the students projections, as the worker would, until they have applied every event
 * committed so far. It may take more than one pass: the runner never reads past the oldest
 * transaction still open anywhere in the cluster (other test databases included).
 */
export async function project(app: NestFastifyApplication, timeoutMs = 10_000): Promise<void> {
  const db = app.get<Db>(DATABASE);
  const head = await db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('transactionId'), 'globalPosition'])
    .orderBy('transactionId', 'desc')
    .orderBy('globalPosition', 'desc')
    .limit(1)
    .executeTakeFirst();
  const deadline = Date.now() + timeoutMs;
  for (const projection of studentProjections) {
    for (;;) {
      await drainProjection(db, projection, { batchSize: 1_000, budgetMs: 60_000 });
      const checkpoint = await readCheckpoint(db, projection.name);
      if (
        !head ||
        hasReached(checkpoint, { transactionId: head.transactionId, position: head.globalPosition })
      )
        break;
      if (Date.now() > deadline) throw new Error(`${projection.name} não alcançou o fim do log`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
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

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type Redis from 'ioredis';
import { sql } from 'kysely';
import pino from 'pino';
import type { WorkerServices } from '../../backend/src/platform/context/worker-services';
import { DATABASE, type Db } from '../../backend/src/platform/database/database.module';
import { CommandRunner } from '../../backend/src/platform/event-store/command-runner';
import { hasReached } from '../../backend/src/platform/projections/checkpoint';
import { processManagerRunner } from '../../backend/src/platform/projections/process-manager';
import type { Projection } from '../../backend/src/platform/projections/projection';
import { ProjectionCatalogue } from '../../backend/src/platform/projections/projection-catalogue';
import { projectionKeys } from '../../backend/src/platform/projections/redis-keys';
import {
  type AppliedBatch,
  drainProjection,
  readCheckpoint,
} from '../../backend/src/platform/projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../../backend/src/config/config';
import { Mailer } from '../../backend/src/platform/mail/mailer';
import { JobQueues, REDIS } from '../../backend/src/platform/queue/queue.module';
import { closeRedis } from '../../backend/src/platform/queue/redis';
import { startWorkerHeartbeat } from '../../backend/src/platform/queue/worker-heartbeat';

/**
 * Runs `projections`, as the worker would, until they have applied every event
 * committed so far. It may take more than one pass: the runner never reads past a transaction
 * still open in this database (see gap-free-read.ts).
 */
export function projectToEndOfLog(
  app: NestFastifyApplication,
  projections: readonly Projection[],
  timeoutMs = 10_000,
  afterCommit?: (batch: AppliedBatch) => Promise<void>,
): Promise<void> {
  return drainToEndOfLog(app.get<Db>(DATABASE), projections, timeoutMs, afterCommit);
}

/** projectToEndOfLog on a database without an app. */
export async function drainToEndOfLog(
  db: Db,
  projections: readonly Projection[],
  timeoutMs = 10_000,
  /** Each batch applied, with the changes the worker would tell the browsers. */
  afterCommit?: (batch: AppliedBatch) => Promise<void>,
): Promise<void> {
  const head = await db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('transactionId'), 'globalPosition'])
    // The column, not the text alias of the same name: as text '100000' sorts before '99999'.
    .orderBy(sql`events.transaction_id`, 'desc')
    .orderBy('globalPosition', 'desc')
    .limit(1)
    .executeTakeFirst();
  const deadline = Date.now() + timeoutMs;
  for (const projection of projections) {
    for (;;) {
      await drainProjection(db, projection, { batchSize: 1_000, budgetMs: 60_000, afterCommit });
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

/**
 * What the worker gives its jobs, timers and process managers, from the app (its database, command
 * runner, mailer and queues; a port is the one the app's modules provide). `now` for a test's clock.
 */
export function workerServicesOf(
  app: NestFastifyApplication,
  now: () => Date = () => new Date(),
): WorkerServices {
  return {
    db: app.get<Db>(DATABASE),
    redis: app.get<Redis>(REDIS),
    commands: app.get(CommandRunner),
    logger: pino({ level: 'silent' }),
    config: app.get<AppConfig>(APP_CONFIG),
    now,
    mailer: app.get(Mailer),
    jobs: app.get(JobQueues),
    port: (token) => app.get(token),
  };
}

/** The app's process managers as the worker runs them (on a test's clock when given). */
export function processManagersOf(app: NestFastifyApplication, now?: () => Date): Projection[] {
  const services = workerServicesOf(app, now);
  return app
    .get(ProjectionCatalogue)
    .processManagers()
    .map((manager) => processManagerRunner(manager, services));
}

/**
 * Every projection the app runs (its catalogue), then its process managers (on a test's clock when
 * given), up to the end of the log; again while a process manager's commands added events.
 */
export async function projectAll(
  app: NestFastifyApplication,
  timeoutMs = 10_000,
  {
    now,
    afterCommit,
  }: {
    /** The process managers' clock (a test's instant). */
    now?: () => Date;
    /** Hears each batch applied (what the worker tells after it). */
    afterCommit?: (batch: AppliedBatch) => Promise<void>;
  } = {},
): Promise<void> {
  const catalogue = app.get(ProjectionCatalogue);
  const managers = processManagersOf(app, now);
  for (let round = 0; round < 5; round++) {
    const before = await headPosition(app);
    await projectToEndOfLog(app, catalogue.all(), timeoutMs, afterCommit);
    if (managers.length === 0) return;
    await projectToEndOfLog(app, managers, timeoutMs, afterCommit);
    if ((await headPosition(app)) === before) return;
  }
}

async function headPosition(app: NestFastifyApplication): Promise<number> {
  const row = await app
    .get<Db>(DATABASE)
    .selectFrom('events')
    .select((eb) => eb.fn.max('globalPosition').as('head'))
    .executeTakeFirstOrThrow();
  return Number(row.head ?? 0);
}

/**
 * What tells /api/health a worker is at work, done from this process: the worker's heartbeat, and
 * a connection listening for wake-ups as the worker's does. For suites that run the worker's
 * projections here. `stop` it in afterAll.
 */
export function beatAsTheWorker(app: NestFastifyApplication): { stop(): Promise<void> } {
  const redis = app.get<Redis>(REDIS);
  const prefix = app.get<AppConfig>(APP_CONFIG).REDIS_PREFIX;
  const heartbeat = startWorkerHeartbeat(redis, prefix);
  const wakeups = redis.duplicate();
  wakeups.on('error', () => undefined);
  void wakeups.subscribe(projectionKeys(prefix).wakeChannel).catch(() => undefined);
  return {
    async stop() {
      await heartbeat.stop();
      await closeRedis(wakeups);
    },
  };
}

import 'reflect-metadata';
import { Queue, Worker } from 'bullmq';
import pino from 'pino';
import { type AppConfig, ConfigError, loadConfig } from './config/config';
import { createDatabase, createPool } from './platform/database/database';
import type { Projection } from './platform/projections/projection';
import { ProjectionWorker } from './platform/projections/projection-worker';
import { rebuildProjection } from './platform/projections/rebuild';
import { projectionKeys } from './platform/projections/redis-keys';
import {
  QUEUE_JOBS,
  type JobHandlers,
  type QueueName,
} from './platform/queue/jobs';
import { closeRedis, createRedis } from './platform/queue/redis';
import { identityProjections } from './identity/projections';
import { studentProjections } from './students/projections';

/** Every read model the worker keeps; a context adds its projections here. */
const PROJECTIONS: readonly Projection[] = [...identityProjections, ...studentProjections];

/** The safety net: each projection runs at least this often even if a wake-up was lost. */
const SAFETY_NET_EVERY_MS = 1_000;

async function runWorker(config: AppConfig): Promise<void> {
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'worker' } });
  const connection = createRedis(config.REDIS_URL, 'vira-worker');
  const keys = projectionKeys(config.REDIS_PREFIX);
  const prefix = keys.bullPrefix;
  const db = createDatabase(
    createPool({
      connectionString: config.DATABASE_URL,
      poolMax: PROJECTIONS.length + 2,
      applicationName: 'vira-worker',
    }),
  );
  const projectionsQueue = new Queue('projections', { connection, prefix });
  const projectionWorker = new ProjectionWorker({
    db,
    redis: connection,
    queue: projectionsQueue,
    prefix: config.REDIS_PREFIX,
    projections: PROJECTIONS,
  });

  const handlers: JobHandlers = {
    projections: {
      'projection.run': ({ projection }) => projectionWorker.run(projection),
    },
  };
  assertEveryJobHasAHandler(handlers);

  const concurrency: Record<QueueName, number> = {
    projections: PROJECTIONS.length,
  };
  const workers = (Object.keys(QUEUE_JOBS) as QueueName[]).map(
    (queue) =>
      new Worker(
        queue,
        async (job) => {
          const handler = (handlers[queue] as Record<string, (data: unknown) => Promise<void>>)[
            job.name
          ];
          if (!handler) throw new Error(`Job sem handler: ${queue}/${job.name}`);
          await handler(job.data);
        },
        { connection: connection.duplicate(), prefix, concurrency: concurrency[queue] },
      ),
  );
  for (const worker of workers) {
    worker.on('failed', (job, error) =>
      logger.error({ queue: worker.name, job: job?.name, err: error }, 'job failed'),
    );
  }

  for (const projection of PROJECTIONS) {
    await projectionsQueue.upsertJobScheduler(
      `projection.safety-net:${projection.name}`,
      { every: SAFETY_NET_EVERY_MS },
      {
        name: 'projection.run',
        data: { projection: projection.name },
        opts: { removeOnComplete: true, removeOnFail: 100 },
      },
    );
  }
  logger.info(
    { queues: workers.map((worker) => worker.name), projections: PROJECTIONS.map((p) => p.name) },
    'Vira worker pronto',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker encerrando');
    await Promise.all(workers.map((worker) => worker.close()));
    await projectionsQueue.close();
    await db.destroy();
    await closeRedis(connection);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** `worker rebuild [name]`: rebuilds one projection, or all, while the API keeps serving. */
async function runRebuild(config: AppConfig, name: string | undefined): Promise<void> {
  const selected = name
    ? PROJECTIONS.filter((projection) => projection.name === name)
    : PROJECTIONS;
  if (selected.length === 0) {
    throw new ConfigError(
      `Projeção desconhecida: ${name}. Conhecidas: ${PROJECTIONS.map((p) => p.name).join(', ')}`,
    );
  }
  const db = createDatabase(
    createPool({
      connectionString: config.DATABASE_URL,
      poolMax: 2,
      applicationName: 'vira-rebuild',
    }),
  );
  try {
    for (const projection of selected) {
      const report = await rebuildProjection(db, projection);
      const rate = Math.round(report.events / Math.max(report.milliseconds / 1000, 0.001));
      process.stdout.write(
        `${report.projection}: ${report.events} eventos em ${report.milliseconds} ms (${rate} eventos/s)\n`,
      );
    }
  } finally {
    await db.destroy();
  }
}

function assertEveryJobHasAHandler(handlers: JobHandlers): void {
  for (const [queue, jobs] of Object.entries(QUEUE_JOBS)) {
    for (const job of jobs) {
      if (!(handlers as Record<string, Record<string, unknown>>)[queue]?.[job]) {
        throw new Error(`Job sem handler: ${queue}/${job}`);
      }
    }
  }
}

const [command, argument] = process.argv.slice(2);
(command === 'rebuild' ? runRebuild(loadConfig(), argument) : runWorker(loadConfig())).catch(
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);

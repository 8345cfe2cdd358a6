import 'reflect-metadata';
import { Queue, Worker } from 'bullmq';
import { type AppConfig, ConfigError } from './config/config';
import { CONTEXTS, loadAppConfig } from './contexts';
import type { JobHandler, WorkerServices } from './platform/context/bounded-context';
import { createDatabase, createPool } from './platform/database/database';
import { processLogger } from './platform/http/logger';
import { CommandRunner } from './platform/event-store/command-runner';
import { ProjectionCatalogue } from './platform/projections/projection-catalogue';
import { wakeProjections } from './platform/projections/projection-waker';
import { ProjectionWorker } from './platform/projections/projection-worker';
import { rebuildProjection } from './platform/projections/rebuild';
import { projectionKeys } from './platform/projections/redis-keys';
import { closeRedis, createRedis } from './platform/queue/redis';

/** Every read model the worker keeps, from the contexts' manifests. */
const PROJECTIONS = CONTEXTS.flatMap((context) => context.projections ?? []);

/** The safety net: each projection runs at least this often even if a wake-up was lost. */
const SAFETY_NET_EVERY_MS = 1_000;

/** Queue name -> job name -> handler: the platform's projection runs and every context's jobs. */
function jobHandlers(projectionWorker: ProjectionWorker): Map<string, Map<string, JobHandler>> {
  const queues = new Map<string, Map<string, JobHandler>>([
    [
      'projections',
      new Map<string, JobHandler>([
        [
          'projection.run',
          (data) => projectionWorker.run((data as { projection: string }).projection),
        ],
      ]),
    ],
  ]);
  for (const context of CONTEXTS) {
    for (const [queue, jobs] of Object.entries(context.jobs ?? {})) {
      const handlers = queues.get(queue) ?? new Map<string, JobHandler>();
      for (const [job, handler] of Object.entries(jobs)) {
        if (handlers.has(job)) throw new Error(`Job registrado duas vezes: ${queue}/${job}`);
        handlers.set(job, handler);
      }
      queues.set(queue, handlers);
    }
  }
  return queues;
}

async function runWorker(config: AppConfig): Promise<void> {
  const logger = processLogger(config, 'worker');
  const connection = createRedis(config.REDIS_URL, 'vira-worker');
  const prefix = projectionKeys(config.REDIS_PREFIX).bullPrefix;
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
  // Commands sent by the worker's jobs (process managers) wake the projections that read them.
  const catalogue = new ProjectionCatalogue(PROJECTIONS);
  const commands = new CommandRunner(db, {
    committed: ({ eventTypes }) =>
      wakeProjections(
        connection,
        projectionsQueue,
        config.REDIS_PREFIX,
        catalogue.namesReading(eventTypes),
      ),
  });
  const services: WorkerServices = { db, redis: connection, commands, logger };

  const workers = [...jobHandlers(projectionWorker)].map(
    ([queue, handlers]) =>
      new Worker(
        queue,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`Job sem handler: ${queue}/${job.name}`);
          await handler(job.data, services);
        },
        {
          connection: connection.duplicate(),
          prefix,
          concurrency: queue === 'projections' ? PROJECTIONS.length : 1,
        },
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

const [command, argument] = process.argv.slice(2);
(command === 'rebuild' ? runRebuild(loadAppConfig(), argument) : runWorker(loadAppConfig())).catch(
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);

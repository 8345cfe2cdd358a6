import 'reflect-metadata';
import { type AppConfig, ConfigError } from './config/config';
import { CONTEXTS, loadAppConfig, PROCESS_MANAGERS, PROJECTIONS } from './contexts';
import type { JobHandler } from './platform/context/bounded-context';
import { createDatabase, createPool } from './platform/database/database';
import { processLogger } from './platform/http/logger';
import { RebuildBehindLiveError, rebuildProjection } from './platform/projections/rebuild';
import { type JobHandlers, startWorkerProcess } from './platform/queue/worker-process';

/** Queue name -> job name -> handler: every context's jobs. */
function contextJobs(): JobHandlers {
  const queues = new Map<string, Map<string, JobHandler>>();
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
  const worker = await startWorkerProcess({
    config,
    logger,
    projections: PROJECTIONS,
    processManagers: PROCESS_MANAGERS,
    jobs: contextJobs(),
    jobConcurrency: new Map(
      CONTEXTS.flatMap((context) => Object.entries(context.jobConcurrency ?? {})),
    ),
    timers: CONTEXTS.flatMap((context) => context.timers ?? []),
    workerPorts: CONTEXTS.flatMap((context) => context.workerPorts ?? []),
  });
  logger.info(
    {
      projections: PROJECTIONS.map((p) => p.name),
      processManagers: PROCESS_MANAGERS.map((p) => p.name),
    },
    'Vira worker pronto',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker encerrando');
    await worker.stop();
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
      `${error instanceof ConfigError || error instanceof RebuildBehindLiveError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);

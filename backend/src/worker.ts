import 'reflect-metadata';
import { Worker } from 'bullmq';
import pino from 'pino';
import { ConfigError, loadConfig } from './config/config';
import { QUEUE_JOBS, type JobHandlers, type QueueName, WORKER_HEARTBEAT_KEY } from './platform/queue/jobs';
import { createRedis } from './platform/queue/redis';

const HEARTBEAT_EVERY_MS = 5_000;

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'worker' } });
  const connection = createRedis(config.REDIS_URL, 'vira-worker');
  const prefix = `${config.REDIS_PREFIX}:bull`;

  const handlers: JobHandlers = {
    maintenance: {
      'worker.heartbeat': async () => {
        await connection.set(`${config.REDIS_PREFIX}:${WORKER_HEARTBEAT_KEY}`, new Date().toISOString(), 'EX', 30);
      },
    },
  };
  assertEveryJobHasAHandler(handlers);

  const workers = (Object.keys(QUEUE_JOBS) as QueueName[]).map(
    (queue) =>
      new Worker(
        queue,
        async (job) => {
          const handler = (handlers[queue] as Record<string, (data: unknown) => Promise<void>>)[job.name];
          if (!handler) throw new Error(`Job sem handler: ${queue}/${job.name}`);
          await handler(job.data);
        },
        { connection: connection.duplicate(), prefix, concurrency: 4 },
      ),
  );
  for (const worker of workers) {
    worker.on('failed', (job, error) => logger.error({ queue: worker.name, job: job?.name, err: error }, 'job failed'));
  }

  const { Queue } = await import('bullmq');
  const maintenance = new Queue('maintenance', { connection, prefix });
  await maintenance.upsertJobScheduler('worker.heartbeat', { every: HEARTBEAT_EVERY_MS }, { name: 'worker.heartbeat', data: {} });
  logger.info({ queues: workers.map((worker) => worker.name) }, 'Vira worker pronto');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker encerrando');
    await Promise.all(workers.map((worker) => worker.close()));
    await maintenance.close();
    await connection.quit();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
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

bootstrap().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

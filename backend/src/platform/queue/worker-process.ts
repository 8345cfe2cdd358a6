import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import type { JobHandler, WorkerPort, WorkerTimer } from '../context/bounded-context';
import type { PortToken, WorkerServices } from '../context/worker-services';
import { createDatabase, createPool } from '../database/database';
import { CommandRunner } from '../event-store/command-runner';
import { type ProcessManager, processManagerRunner } from '../projections/process-manager';
import type { Projection } from '../projections/projection';
import { ProjectionCatalogue } from '../projections/projection-catalogue';
import { wakeProjections } from '../projections/projection-waker';
import { ProjectionWorker, type ProjectionWorkerOptions } from '../projections/projection-worker';
import { projectionKeys } from '../projections/redis-keys';
import { Mailer } from '../mail/mailer';
import { JobQueues } from './queue.module';
import { closeRedis, createRedis, OutageLog } from './redis';
import { startWorkerHeartbeat } from './worker-heartbeat';

/** Queue name -> job name -> handler. */
export type JobHandlers = ReadonlyMap<string, ReadonlyMap<string, JobHandler>>;

export interface WorkerProcessOptions {
  config: AppConfig;
  logger: Logger;
  projections: readonly Projection[];
  /** Run like the projections, sending their commands through this process's command runner. */
  processManagers?: readonly ProcessManager[];
  /** The contexts' jobs. */
  jobs?: JobHandlers;
  /** Jobs run at once per queue (1 when not listed). */
  jobConcurrency?: ReadonlyMap<string, number>;
  /** The contexts' timers. */
  timers?: readonly WorkerTimer[];
  /** The ports the contexts implement for one another's work in this process. */
  workerPorts?: readonly WorkerPort[];
  /** The clock (default: the system's); tests drive it. */
  now?: () => Date;
  /** Test hook, never set in production: see ProjectionWorkerOptions.beforeCommit. */
  beforeCommit?: ProjectionWorkerOptions['beforeCommit'];
}

export interface RunningWorker {
  /** Stops taking work, lets the runs in progress end (bounded), closes every connection. */
  stop(): Promise<void>;
}

const STOP_BUDGET_MS = 20_000;

/**
 * The worker process: the projections, run on wake-ups heard on Redis pub/sub and by a local
 * safety net that needs only PostgreSQL (see ProjectionWorker), and BullMQ workers for the
 * contexts' jobs. Redis may be away at start or at any time after: ioredis and BullMQ reconnect
 * (and resubscribe) by themselves, and the process keeps every projection current meanwhile.
 */
export async function startWorkerProcess(options: WorkerProcessOptions): Promise<RunningWorker> {
  const { config, logger, projections } = options;
  const processManagers = options.processManagers ?? [];
  const connection = createRedis(config, 'vira-worker');
  const prefix = projectionKeys(config.REDIS_PREFIX).bullPrefix;
  const db = createDatabase(
    createPool({
      connectionString: config.DATABASE_URL,
      // A BullMQ job and a safety-net pass may each hold one connection per projection; a process
      // manager's batch one more for the commands it sends meanwhile.
      poolMax: 2 * projections.length + 3 * processManagers.length + 2,
      applicationName: 'vira-worker',
      onIdleError: (error) =>
        logger.warn(`conexão ociosa com o PostgreSQL encerrada: ${error.message}`),
    }),
  );
  const redisFailures = new OutageLog((message) => logger.warn(message));
  const runFailures = new OutageLog((message) => logger.error(message));
  // Commands sent by the worker's jobs and process managers wake the projections that read them.
  const catalogue = new ProjectionCatalogue(projections, processManagers);
  const commands = new CommandRunner(db, {
    committed: ({ eventTypes }) =>
      wakeProjections(connection, config.REDIS_PREFIX, catalogue.namesReading(eventTypes)).catch(
        () => undefined,
      ),
  });
  const ports = new Map<PortToken<unknown>, unknown>();
  const services: WorkerServices = {
    db,
    redis: connection,
    commands,
    logger,
    config,
    now: options.now ?? (() => new Date()),
    mailer: new Mailer(config, db, logger),
    jobs: new JobQueues(config, connection),
    port<T>(token: PortToken<T>): T {
      if (!ports.has(token)) {
        const binding = options.workerPorts?.find((candidate) => candidate.port === token);
        if (!binding) throw new Error(`Nenhum contexto implementa a porta ${token.name} no worker`);
        ports.set(token, binding.create(services));
      }
      return ports.get(token) as T;
    },
  };
  const announcements = connection.duplicate({
    connectionName: 'vira-worker-announcements',
    enableAutoPipelining: true,
  });
  announcements.on('error', (error: Error) => redisFailures.report(`avisos: ${error.message}`));
  const projectionWorker = new ProjectionWorker({
    db,
    redis: announcements,
    prefix: config.REDIS_PREFIX,
    projections,
    processManagers: processManagers.map((manager) => processManagerRunner(manager, services)),
    beforeCommit: options.beforeCommit,
    onError: (projection, error) =>
      runFailures.report(`rodada da rede de segurança de ${projection} falhou: ${String(error)}`),
  });

  const handlers = new Map<string, ReadonlyMap<string, JobHandler>>();
  for (const [queue, jobs] of options.jobs ?? []) {
    const merged = new Map(handlers.get(queue) ?? []);
    for (const [job, handler] of jobs) {
      if (merged.has(job)) throw new Error(`Job registrado duas vezes: ${queue}/${job}`);
      merged.set(job, handler);
    }
    handlers.set(queue, merged);
  }
  // BullMQ does not close a connection it was given: stop closes these.
  const workerConnections = [...handlers].map(() => connection.duplicate());
  const workers = [...handlers].map(
    ([queue, jobs], index) =>
      new Worker(
        queue,
        async (job) => {
          const handler = jobs.get(job.name);
          if (!handler) throw new Error(`Job sem handler: ${queue}/${job.name}`);
          await handler(job.data, services);
        },
        {
          connection: workerConnections[index],
          prefix,
          concurrency: options.jobConcurrency?.get(queue) ?? 1,
        },
      ),
  );
  for (const worker of workers) {
    worker.on('failed', (job, error) =>
      logger.error({ queue: worker.name, job: job?.name, err: error }, 'job failed'),
    );
    worker.on('error', (error) => redisFailures.report(`worker ${worker.name}: ${error.message}`));
  }

  // Wake-ups: the names of projections with new events, from any API instance or worker.
  const wakeups = connection.duplicate({ connectionName: 'vira-worker-wakeups' });
  wakeups.on('error', (error: Error) => redisFailures.report(`wake-ups: ${error.message}`));
  wakeups.on('message', (_channel: string, message: string) => {
    for (const name of message.split(',')) {
      if (projectionWorker.knows(name)) projectionWorker.wake(name);
    }
  });
  // Not awaited: a worker starts (and keeps its projections current) without Redis.
  void wakeups.subscribe(projectionKeys(config.REDIS_PREFIX).wakeChannel).catch(() => undefined);
  projectionWorker.startSafetyNet();
  // /api/health says 'degraded' while no worker beats; Kubernetes restarts one whose file ages.
  const heartbeat = startWorkerHeartbeat(connection, config.REDIS_PREFIX, config.WORKER_ALIVE_FILE);
  const timers = (options.timers ?? []).map((timer) =>
    startTimer(timer, services, (error) =>
      runFailures.report(`${timer.name} falhou: ${String(error)}`),
    ),
  );

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    const finished = await settlesWithin(
      Promise.all([
        projectionWorker.close(),
        ...workers.map((worker) => worker.close()),
        ...timers.map((timer) => timer.stop()),
      ]),
      STOP_BUDGET_MS,
    );
    if (!finished) logger.warn('encerrando sem esperar o trabalho em curso');
    await heartbeat.stop();
    await services.jobs.onApplicationShutdown();
    services.mailer.close();
    await db.destroy();
    for (const workerConnection of workerConnections) await closeRedis(workerConnection);
    await closeRedis(wakeups);
    await closeRedis(announcements);
    await closeRedis(connection);
  };
  return {
    stop: () => (stopped ??= stop()),
  };
}

/** Runs `timer` now and every `everyMs` after, one run at a time; `stop` waits for the one in course. */
function startTimer(
  timer: WorkerTimer,
  services: WorkerServices,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = timer
      .run(services)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  const interval = setInterval(tick, timer.everyMs);
  tick();
  return {
    async stop() {
      clearInterval(interval);
      await running;
    },
  };
}

/** True when `promise` settles within `ms`; false (and it is left running) otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

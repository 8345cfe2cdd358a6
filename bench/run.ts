/**
 * `npm run bench`: event store throughput against plain INSERTs, command-to-read-model and
 * command-to-socket lag through the real worker process, and rebuild rate. Uses its own database
 * (vira_bench_<pid>, created and dropped) and REDIS_PREFIX vira-bench-<pid>. Prints a table and writes
 * bench/results/<time>.json.
 *
 * HTTP (bench/http.ts): the built API in its own process beside a bare node:http + pg server
 * answering the same SQL, reads and commands, alternating windows.
 *
 * Throughput: closed loops of 1, 8 and 32 clients in this process, calling the same functions the
 * API calls (no HTTP), so the clients' own cost is a few object allocations per operation, alike for
 * every variant; plain INSERT, the bare statement writing a new student's two rows (its sealed key
 * and its event), append, command on distinct streams and on one hot stream take turns in 1 s
 * windows and each figure is the median of its windows.
 *
 * Runs under tsx with the backend's tsconfig (legacy decorators); nothing here boots Nest DI
 * (tsx emits no decorator metadata): the command path is built by hand from the same classes.
 *
 * Every part runs on its own: one that fails (or overruns BENCH_PART_TIMEOUT_MINUTES, 30) is
 * printed as failed and the next one runs; the end is issue 60's table, each figure beside the
 * issue's, and the machine's load average; the exit code is 1 when a part failed. BENCH_PARTS=
 * lag,agenda runs only those parts (the keys of the results file); BENCH_API_NODE_ARGS and
 * BENCH_WORKER_NODE_ARGS give the benches' API and worker Node options (`--cpu-prof`);
 * BENCH_SCREENS_BASELINE=<dist> loads another SPA build beside this one (bench/screens.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Kysely } from 'kysely';
import { measureAdvisor, printAdvisor } from './advisor';
import {
  command,
  measureRebuild,
  measureThroughput,
  printRebuild,
  printThroughput,
  profile,
  tenantId,
} from './event-store';
import { percentile, round } from './support/stats';
import {
  admin,
  databaseUrlOf,
  migratedDatabase,
  spawnNode,
  stop,
  vacuumAsAutovacuumWould,
  WORKER_NODE_ARGS,
} from './support/built-app';
import { countCpu, type ProcessCpu } from './support/process-cpu';
import { firstCovering, hearCheckpoints, openLoop, untilCovered, withTargets } from './support/lag';
import { failed, type PartResult, printSummary } from './support/summary';
import { clearRedisPrefix } from '../infra/scripts/local-services';
import { measureHttp, printHttp } from './http';
import { measurePix, printPix } from './pix';
import { measureWhatsApp, printWhatsApp } from './whatsapp';
import { measureWhatsAppConfirm, printWhatsAppConfirm } from './whatsapp-confirm';
import { measureScreens, printScreens } from './screens';
import { measureSessions, printSessions, waitForProjections } from './sessions';
import { measureWorkerCost, printWorkerCost } from './worker-cost';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { parseConfig } from '../backend/src/config/config';
import { createDatabase, createPool } from '../backend/src/platform/database/database';
import type { Database } from '../backend/src/platform/database/database';
import { CommandRunner } from '../backend/src/platform/event-store/command-runner';
import { ProjectionCatalogue } from '../backend/src/platform/projections/projection-catalogue';
import { ProjectionsOnCommit } from '../backend/src/platform/projections/projections-on-commit';
import { ReadYourWrites } from '../backend/src/platform/projections/read-your-writes';
import { projectionKeys } from '../backend/src/platform/projections/redis-keys';
import { closeRedis, createRedis } from '../backend/src/platform/queue/redis';
import { studentProjections } from '../backend/src/students/projections';

const ROOT = path.resolve(__dirname, '..');
/** Own names per run: a bench beside another one (or beside the tests) never touches its data. */
const DATABASE_NAME = `vira_bench_${process.pid}`;
const REDIS_PREFIX = `vira-bench-${process.pid}`;
const LAG_SECONDS = 5;
/**
 * Commands waiting for their answer at most, under the pool's 40 connections: past it the bench
 * waits to send (the rate obtained shows it) instead of a command timing out for a connection.
 */
const LAG_IN_FLIGHT = 32;

const benchUrl = databaseUrlOf(DATABASE_NAME);
const config = parseConfig({
  ...process.env,
  DATABASE_URL: benchUrl,
  REDIS_PREFIX,
  LOG_LEVEL: 'error',
});

function startWorker(): ChildProcess {
  return spawnNode(
    [...WORKER_NODE_ARGS, '--import', 'tsx', path.join(ROOT, 'backend/src/worker.ts')],
    {
      DATABASE_URL: benchUrl,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX,
      LOG_LEVEL: 'error',
      TSX_TSCONFIG_PATH: path.join(ROOT, 'backend/tsconfig.json'),
    },
  );
}

interface LagRow {
  ratePerSecond: number;
  commands: number;
  achievedPerSecond: number;
  readModelLagMs: { p50: number; p95: number; p99: number };
  socketLagMs: { p50: number; p95: number; p99: number };
  /**
   * CPU the worker spent per command, µs: its process and its PostgreSQL backends, from the
   * first command sent to the last one projected. On two cores, what the API loses to it.
   */
  workerCpuPerCommandMicros: ProcessCpu | null;
}

/**
 * Open-loop load at a fixed rate. Lag = from the command's answer (committed) to the moment both
 * projections announced a checkpoint covering its event, and to the `changes` socket message of
 * that batch. Matching happens after the run, so measuring adds no load. Whatever it opened is
 * closed again, whether it measured or failed.
 */
async function measureLag(
  db: Kysely<Database>,
  runner: CommandRunner,
  rate: number,
  studentIds: string[],
  workerPid: number,
): Promise<LagRow> {
  const keys = projectionKeys(REDIS_PREFIX);
  const subscriber = createRedis(config.REDIS_URL, 'vira-bench-sub');
  // A socket.io server wired like the API's (same redis adapter key), a client in the tenant room.
  const pub = createRedis(config.REDIS_URL, 'vira-bench-io-pub');
  const sub = createRedis(config.REDIS_URL, 'vira-bench-io-sub');
  const httpServer = createServer();
  const ioServer = new Server(httpServer, { path: '/socket.io' });
  let client: ReturnType<typeof io> | undefined;
  try {
    const checkpoints = hearCheckpoints(subscriber);
    await subscriber.subscribe(keys.checkpointChannel);
    ioServer.adapter(createAdapter(pub, sub, { key: keys.socketIoKey }));
    ioServer.on('connection', (socket) => void socket.join(`tenant:${tenantId}`));
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const socketArrivals = new Map<string, number>();
    client = io(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, {
      path: '/socket.io',
      transports: ['websocket'],
    });
    client.on('changes', (message: { projection: string; position: number }) => {
      socketArrivals.set(`${message.projection}:${message.position}`, performance.now());
    });
    await new Promise<void>((resolve) => client?.once('connect', () => resolve()));

    const workerCpu = await countCpu(db, workerPid, 'vira-worker');
    // A first second at the same rate, not kept: the pool's connections and the worker's code warm.
    const count = rate * (LAG_SECONDS + 1);
    const { sent, achievedPerSecond } = await openLoop(
      { rate, count, warmUp: rate, maxInFlight: LAG_IN_FLIGHT },
      (index) =>
        command(runner, studentIds[index % studentIds.length], {
          type: 'GrantCredits',
          amount: 1,
          reason: 'bench',
        }),
    );

    const targets = await withTargets(db, sent);
    const projections = studentProjections.map((projection) => projection.name);
    await untilCovered(
      checkpoints,
      projections,
      targets.map(({ target }) => target),
      10_000,
    );
    const workerUsed = await workerCpu.stop();
    const readLags: number[] = [];
    const socketLags: number[] = [];
    for (const { command, target } of targets) {
      let readAt = 0;
      let socketAt = 0;
      for (const projection of projections) {
        const covering = firstCovering(checkpoints, projection, target);
        readAt = Math.max(readAt, covering.at);
        socketAt = Math.max(
          socketAt,
          socketArrivals.get(`${projection}:${covering.position}`) ?? NaN,
        );
      }
      readLags.push(readAt - command.ackAt);
      if (!Number.isNaN(socketAt)) socketLags.push(socketAt - command.ackAt);
    }
    const summary = (values: number[]) => ({
      p50: round(percentile(values, 50)),
      p95: round(percentile(values, 95)),
      p99: round(percentile(values, 99)),
    });
    return {
      ratePerSecond: rate,
      commands: sent.length,
      achievedPerSecond,
      readModelLagMs: summary(readLags),
      socketLagMs: summary(socketLags),
      workerCpuPerCommandMicros: workerUsed && {
        node: round(workerUsed.node / count),
        database: round(workerUsed.database / count),
      },
    };
  } finally {
    client?.close();
    await new Promise<void>((resolve) => ioServer.close(() => resolve()));
    for (const connection of [subscriber, pub, sub]) await closeRedis(connection);
  }
}

/**
 * Commands at 200/s and 1,000/s through the real worker process: it is started for this part and
 * stopped at its end, measured or not.
 */
async function measureLags(db: Kysely<Database>, runner: CommandRunner): Promise<LagRow[]> {
  const worker = startWorker();
  try {
    const workerPid = worker.pid;
    if (workerPid === undefined) throw new Error('o worker não iniciou');
    const studentIds = Array.from({ length: 200 }, () => randomUUID());
    for (const id of studentIds) await command(runner, id, { type: 'RegisterStudent', profile });
    await command(runner, studentIds[0], {
      type: 'GrantCredits',
      amount: 1,
      reason: 'aquecimento',
    });
    // The throughput rounds left a backlog that every context's projections and process managers
    // read (students' events feed scheduling, reminders, messaging and finance too): measured while
    // the worker still caught up, the lag was its catch-up (p50 142 ms at 200/s instead of 6).
    await waitForProjections(db);
    const lag: LagRow[] = [];
    for (const rate of [200, 1000])
      lag.push(await measureLag(db, runner, rate, studentIds, workerPid));
    return lag;
  } finally {
    await stop(worker);
  }
}

/** The machine's load average: the figures of a busy machine are not an idle one's. */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ');

async function main(): Promise<number> {
  const benchStarted = performance.now();
  const loadAtStart = loadAverage();
  await migratedDatabase(DATABASE_NAME);
  await clearRedisPrefix(config.REDIS_URL, REDIS_PREFIX);

  const db = createDatabase(
    createPool({
      connectionString: benchUrl,
      poolMax: 40,
      applicationName: 'vira-bench',
      onIdleError: (error) =>
        process.stderr.write(`bench: conexão ociosa encerrada: ${error.message}\n`),
    }),
  );
  const redis = createRedis(config.REDIS_URL, 'vira-bench');
  const catalogue = new ProjectionCatalogue(studentProjections);
  // The API's observer: wake-ups and the read-your-writes record, as a real command pays them.
  const readYourWrites = new ReadYourWrites(config, db, redis);
  const runner = new CommandRunner(db, new ProjectionsOnCommit(catalogue, readYourWrites));
  try {
    // Every part is on its own: one that fails is reported (and counted in the exit code) and the
    // next still runs; every figure is printed as soon as it is measured.
    const throughput = await part(
      'throughput',
      'Vazão do event store',
      () => measureThroughput(db, runner),
      printThroughput,
    );
    // The lag and the rebuild read the log the throughput rounds wrote. Measured without it if it
    // fails: the parts still run, and the message says why their figures may be off.
    await vacuumAsAutovacuumWould(benchUrl).catch((error: unknown) =>
      process.stderr.write(`bench: vacuum do banco falhou: ${String(error)}\n`),
    );
    const lag = await part(
      'lag',
      'Atraso comando -> modelo de leitura / socket (worker real)',
      () => measureLags(db, runner),
      printLag,
    );
    const rebuild = await part('rebuild', 'Reconstrução', () => measureRebuild(db), printRebuild);
    process.stdout.write(`Até aqui: ${Math.round((performance.now() - benchStarted) / 1000)} s\n`);

    // Each part below starts its own API and worker on its own database.
    const workerCost = await part(
      'workerCost',
      'Custo do worker por evento, projeção a projeção',
      measureWorkerCost,
      printWorkerCost,
    );
    const http = await part(
      'http',
      'HTTP, API ao lado de um servidor node:http + pg',
      measureHttp,
      printHttp,
    );
    const agenda = await part(
      'agenda',
      'Agenda: GET /api/sessions e atraso até o dashboard',
      measureSessions,
      printSessions,
    );
    const screens = await part(
      'screens',
      'Telas: dashboard no Chromium a 390x844, CPU 4× mais lenta',
      measureScreens,
      printScreens,
    );
    const advisor = await part(
      'advisor',
      'Consultor Financeiro embutido por HTTP',
      measureAdvisor,
      printAdvisor,
    );
    const pix = await part(
      'pix',
      'Pix pelo PSP (API Pix): notificação -> saldo na tela do personal',
      measurePix,
      printPix,
    );
    const whatsapp = await part(
      'whatsapp',
      'WhatsApp: 5.000 lembretes do mesmo minuto pela Cloud API (loopback), dois workers, 80/s',
      measureWhatsApp,
      printWhatsApp,
    );
    const whatsappConfirm = await part(
      'whatsappConfirm',
      "WhatsApp: 'Confirmo' do aluno -> 'Confirmado pelo aluno' na agenda aberta do personal",
      measureWhatsAppConfirm,
      printWhatsAppConfirm,
    );

    const parts = {
      throughput,
      lag,
      rebuild,
      workerCost,
      http,
      agenda,
      screens,
      advisor,
      pix,
      whatsapp,
      whatsappConfirm,
    };
    const failures = Object.entries(parts).filter(([, figures]) => failed(figures));
    printSummary(parts);
    process.stdout.write(
      `Carga da máquina (1 / 5 / 15 min): no início ${loadAtStart}, no fim ${loadAverage()}\n`,
    );
    const result = {
      at: new Date().toISOString(),
      durationSeconds: Math.round((performance.now() - benchStarted) / 1000),
      failedParts: failures.map(([name]) => name),
      loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
      ...parts,
    };
    process.stdout.write(`Duração total: ${result.durationSeconds} s\n`);
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    const file = path.join(ROOT, 'bench/results', `${result.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2));
    process.stdout.write(`\nResultados em ${path.relative(ROOT, file)}\n`);
    if (failures.length > 0)
      process.stderr.write(
        `${failures.length} parte(s) falharam: ${failures.map(([name]) => name).join(', ')}\n`,
      );
    return failures.length;
  } finally {
    await readYourWrites.recordsSent();
    await closeRedis(redis);
    await db.destroy();
    await clearRedisPrefix(config.REDIS_URL, REDIS_PREFIX);
    await admin(`drop database if exists ${DATABASE_NAME} with (force)`);
  }
}

function printLag(lag: readonly LagRow[]): void {
  process.stdout.write('Atraso após a resposta do comando (ms)\n');
  console.table(
    lag.map((row) => ({
      'taxa alvo/s': row.ratePerSecond,
      'taxa obtida/s': row.achievedPerSecond,
      'leitura p50': row.readModelLagMs.p50,
      'leitura p95': row.readModelLagMs.p95,
      'leitura p99': row.readModelLagMs.p99,
      'socket p50': row.socketLagMs.p50,
      'socket p99': row.socketLagMs.p99,
      'worker µs/comando': row.workerCpuPerCommandMicros?.node ?? '-',
      'PostgreSQL do worker µs/comando': row.workerCpuPerCommandMicros?.database ?? '-',
    })),
  );
}

/**
 * `BENCH_PARTS=lag,agenda npm run bench` runs only those parts (the names of the results file);
 * the others are printed as not measured.
 */
const ONLY_PARTS = process.env.BENCH_PARTS?.split(',').map((name) => name.trim());

/** A part still running after this long is given up as failed and the next one starts. */
const PART_TIMEOUT_MS = Number(process.env.BENCH_PART_TIMEOUT_MINUTES ?? 30) * 60_000;

/**
 * Runs one part of the bench and prints it at once; a failure (or a part that overruns
 * PART_TIMEOUT_MS) is printed and kept, not thrown.
 */
async function part<T>(
  name: string,
  title: string,
  measure: () => Promise<T>,
  print: (figures: T) => void,
): Promise<PartResult<T> | undefined> {
  if (ONLY_PARTS && !ONLY_PARTS.includes(name)) return undefined;
  process.stdout.write(`${title}...\n`);
  let timer: NodeJS.Timeout | undefined;
  try {
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`não terminou em ${PART_TIMEOUT_MS / 60_000} min`)),
        PART_TIMEOUT_MS,
      );
    });
    const figures = await Promise.race([measure(), overrun]);
    print(figures);
    return figures;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${title}: falhou\n${message}\n`);
    return { error: message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A promise nobody awaited that failed (a part's stray query timing out for a connection): Node
 * would end the bench on the spot, without its other parts, its cleanup or a word of which part
 * it was. It is printed and counted in the exit code instead.
 */
let strayFailures = 0;
process.on('unhandledRejection', (reason) => {
  strayFailures++;
  process.stderr.write(
    `bench: falha fora de uma parte: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`,
  );
});

// The exit code says whether every part ran (0) or how many failed; a failure outside the parts
// (the database could not be made) is 1 too. Exiting, not waiting for the event loop to drain: a
// part that failed half-way may have left a socket or a timer behind, which must not keep the bench
// alive (the processes it started are killed on exit: support/built-app.ts).
main().then(
  (failures) => process.exit(failures + strayFailures > 0 ? 1 : 0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);

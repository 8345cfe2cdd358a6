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
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
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
  percentile,
  printRebuild,
  printThroughput,
  profile,
  round,
  tenantId,
  type ThroughputRow,
} from './event-store';
import { admin, databaseUrlOf, migratedDatabase } from './support/built-app';
import { type SentCommand, withTargets } from './support/lag';
import { clearRedisPrefix } from '../infra/scripts/local-services';
import { measureHttp, printHttp } from './http';
import { measurePix, printPix } from './pix';
import { measureWhatsApp, printWhatsApp } from './whatsapp';
import { measureScreens, printScreens } from './screens';
import { measureSessions, printSessions } from './sessions';
import { measureWorkerCost, printWorkerCost } from './worker-cost';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { parseConfig } from '../backend/src/config/config';
import { createDatabase, createPool } from '../backend/src/platform/database/database';
import type { Database } from '../backend/src/platform/database/database';
import { CommandRunner } from '../backend/src/platform/event-store/command-runner';
import { type Checkpoint, hasReached } from '../backend/src/platform/projections/checkpoint';
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

const benchUrl = databaseUrlOf(DATABASE_NAME);
const config = parseConfig({
  ...process.env,
  DATABASE_URL: benchUrl,
  REDIS_PREFIX,
  LOG_LEVEL: 'error',
});

function startWorker(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend/src/worker.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: benchUrl,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX,
      LOG_LEVEL: 'error',
      TSX_TSCONFIG_PATH: path.join(ROOT, 'backend/tsconfig.json'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

interface LagRow {
  ratePerSecond: number;
  commands: number;
  achievedPerSecond: number;
  readModelLagMs: { p50: number; p95: number; p99: number };
  socketLagMs: { p50: number; p95: number; p99: number };
}

/**
 * Open-loop load at a fixed rate. Lag = from the command's answer (committed) to the moment both
 * projections announced a checkpoint covering its event, and to the `changes` socket message of
 * that batch. Matching happens after the run, so measuring adds no load.
 */
async function measureLag(
  db: Kysely<Database>,
  runner: CommandRunner,
  rate: number,
  studentIds: string[],
): Promise<LagRow> {
  const keys = projectionKeys(REDIS_PREFIX);
  const subscriber = createRedis(config.REDIS_URL, 'vira-bench-sub');
  const checkpoints: Array<Checkpoint & { projection: string; at: number }> = [];
  subscriber.on('message', (_channel: string, message: string) => {
    checkpoints.push({
      ...(JSON.parse(message) as Checkpoint & { projection: string }),
      at: performance.now(),
    });
  });
  await subscriber.subscribe(keys.checkpointChannel);

  // A socket.io server wired like the API's (same redis adapter key), a client in the tenant room.
  const pub = createRedis(config.REDIS_URL, 'vira-bench-io-pub');
  const sub = createRedis(config.REDIS_URL, 'vira-bench-io-sub');
  const httpServer = createServer();
  const ioServer = new Server(httpServer, { path: '/socket.io' });
  ioServer.adapter(createAdapter(pub, sub, { key: keys.socketIoKey }));
  ioServer.on('connection', (socket) => void socket.join(`tenant:${tenantId}`));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const socketArrivals = new Map<string, number>();
  const client = io(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, {
    path: '/socket.io',
    transports: ['websocket'],
  });
  client.on('changes', (message: { projection: string; position: number }) => {
    socketArrivals.set(`${message.projection}:${message.position}`, performance.now());
  });
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));

  const sent: SentCommand[] = [];
  const total = rate * LAG_SECONDS;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      command(runner, studentIds[index % studentIds.length], {
        type: 'GrantCredits',
        amount: 1,
        reason: 'bench',
      }).then((result) => {
        sent.push({ ackAt: performance.now(), position: result.position });
      }),
    );
  }
  await Promise.all(inFlight);
  const achievedPerSecond = Math.round(sent.length / ((performance.now() - started) / 1000));

  const targets = await withTargets(db, sent);
  const readLags: number[] = [];
  const socketLags: number[] = [];
  const deadline = performance.now() + 10_000;
  for (const { command, target } of targets) {
    let readAt = 0;
    let socketAt = 0;
    for (const projection of studentProjections.map((p) => p.name)) {
      let covering = checkpoints.find((c) => c.projection === projection && hasReached(c, target));
      while (!covering && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        covering = checkpoints.find((c) => c.projection === projection && hasReached(c, target));
      }
      if (!covering) throw new Error(`${projection} não alcançou a posição ${command.position}`);
      readAt = Math.max(readAt, covering.at);
      socketAt = Math.max(
        socketAt,
        socketArrivals.get(`${projection}:${covering.position}`) ?? NaN,
      );
    }
    readLags.push(readAt - command.ackAt);
    if (!Number.isNaN(socketAt)) socketLags.push(socketAt - command.ackAt);
  }
  client.close();
  await new Promise<void>((resolve) => ioServer.close(() => resolve()));
  for (const connection of [subscriber, pub, sub]) await closeRedis(connection);
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
  };
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
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
  const runner = new CommandRunner(
    db,
    new ProjectionsOnCommit(catalogue, new ReadYourWrites(config, db, redis)),
  );
  let worker: ChildProcess | undefined;
  try {
    process.stdout.write('Vazão do event store...\n');
    const throughput = await measureThroughput(db, runner);

    process.stdout.write('Atraso comando -> modelo de leitura / socket (worker real)...\n');
    worker = startWorker();
    const studentIds = Array.from({ length: 200 }, () => randomUUID());
    for (const id of studentIds) await command(runner, id, { type: 'RegisterStudent', profile });
    const probe = await command(runner, studentIds[0], {
      type: 'GrantCredits',
      amount: 1,
      reason: 'aquecimento',
    });
    await waitForCheckpoints(db, probe.position);
    const lag = [];
    for (const rate of [200, 1000]) lag.push(await measureLag(db, runner, rate, studentIds));
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker?.once('exit', resolve));
    worker = undefined;

    process.stdout.write('Reconstrução...\n');
    const rebuild = await measureRebuild(db);
    printTable({
      durationSeconds: Math.round((performance.now() - benchStarted) / 1000),
      throughput,
      lag,
      rebuild,
    });

    // Each part below starts its own API and worker on its own database: one that fails is
    // reported and the others still run; every figure is printed as soon as it is measured.
    const workerCost = await part(
      'Custo do worker por evento, projeção a projeção',
      measureWorkerCost,
      printWorkerCost,
    );
    const http = await part(
      'HTTP, API ao lado de um servidor node:http + pg',
      measureHttp,
      printHttp,
    );
    const agenda = await part(
      'Agenda: GET /api/sessions e atraso até o dashboard',
      measureSessions,
      printSessions,
    );
    const screens = await part(
      'Telas: dashboard no Chromium a 390x844, CPU 4× mais lenta',
      measureScreens,
      printScreens,
    );
    const advisor = await part(
      'Consultor Financeiro embutido por HTTP',
      measureAdvisor,
      printAdvisor,
    );
    const pix = await part(
      'Pix pelo PSP (API Pix): notificação -> saldo na tela do personal',
      measurePix,
      printPix,
    );
    const whatsapp = await part(
      'WhatsApp: 5.000 lembretes do mesmo minuto pela Cloud API (loopback), dois workers, 80/s',
      measureWhatsApp,
      printWhatsApp,
    );

    const result = {
      at: new Date().toISOString(),
      durationSeconds: Math.round((performance.now() - benchStarted) / 1000),
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
    };
    process.stdout.write(`Duração total: ${result.durationSeconds} s\n`);
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    const file = path.join(ROOT, 'bench/results', `${result.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2));
    process.stdout.write(`\nResultados em ${path.relative(ROOT, file)}\n`);
  } finally {
    if (worker) worker.kill('SIGKILL');
    await closeRedis(redis);
    await db.destroy();
    await clearRedisPrefix(config.REDIS_URL, REDIS_PREFIX);
    await admin(`drop database if exists ${DATABASE_NAME} with (force)`);
  }
}

async function waitForCheckpoints(db: Kysely<Database>, position: number): Promise<void> {
  // The throughput rounds left a backlog that every context's projections read (students' events
  // feed scheduling, reminders and finance too): the worker may take a few minutes to catch up.
  const deadline = Date.now() + 300_000;
  for (;;) {
    // The worker runs every projection; the bench measures the students' ones.
    const rows = await db
      .selectFrom('projectionCheckpoints')
      .select('globalPosition')
      .where(
        'name',
        'in',
        studentProjections.map((projection) => projection.name),
      )
      .execute();
    if (
      rows.length === studentProjections.length &&
      rows.every((row) => row.globalPosition >= position)
    )
      return;
    if (Date.now() > deadline) throw new Error('o worker não alcançou o log');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function printTable(result: {
  durationSeconds: number;
  throughput: ThroughputRow[];
  lag: LagRow[];
  rebuild: Awaited<ReturnType<typeof measureRebuild>>;
}): void {
  printThroughput(result.throughput);
  process.stdout.write('Atraso após a resposta do comando (ms)\n');
  console.table(
    result.lag.map((row) => ({
      'taxa alvo/s': row.ratePerSecond,
      'taxa obtida/s': row.achievedPerSecond,
      'leitura p50': row.readModelLagMs.p50,
      'leitura p95': row.readModelLagMs.p95,
      'leitura p99': row.readModelLagMs.p99,
      'socket p50': row.socketLagMs.p50,
      'socket p99': row.socketLagMs.p99,
    })),
  );
  printRebuild(result.rebuild);
  process.stdout.write(`Até aqui: ${result.durationSeconds} s\n`);
}

/** Runs one part of the bench and prints it at once; a failure is printed and kept, not thrown. */
async function part<T>(
  title: string,
  measure: () => Promise<T>,
  print: (figures: T) => void,
): Promise<T | { error: string }> {
  process.stdout.write(`${title}...\n`);
  try {
    const figures = await measure();
    print(figures);
    return figures;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${title}: falhou\n${message}\n`);
    return { error: message };
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

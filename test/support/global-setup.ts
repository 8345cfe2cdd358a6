import type { Config } from '@jest/types';
import { clearRedisPrefix } from '../../infra/scripts/local-services';
import { resolveServices } from './services';
import {
  cloneWorkerDatabases,
  createMigratedTemplate,
  dropAbandonedDatabases,
  dropRunDatabases,
  workerRedisPrefix,
} from './test-databases';

/**
 * Finds PostgreSQL and Redis, migrates a template database once, and clones one database per
 * jest worker from it. Workers read the URLs from the environment (see worker-env.ts).
 */
export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  const services = await resolveServices();
  const runPid = process.pid;
  await dropAbandonedDatabases(services.adminDatabaseUrl);
  await createMigratedTemplate(services.adminDatabaseUrl, runPid);
  await cloneWorkerDatabases(
    services.adminDatabaseUrl,
    runPid,
    Math.max(1, globalConfig.maxWorkers),
  );

  process.env.VIRA_TEST_ADMIN_DATABASE_URL = services.adminDatabaseUrl;
  process.env.VIRA_TEST_REDIS_URL = services.redisUrl;
  process.env.VIRA_TEST_RUN_PID = String(runPid);
  // global-teardown.ts runs in this same process and reads it back.
  (globalThis as { __viraTestRun?: unknown }).__viraTestRun = {
    teardown: async () => {
      await dropRunDatabases(services.adminDatabaseUrl, runPid);
      // The workers' Redis keys go with their databases.
      await clearRedisPrefix(services.redisUrl, workerRedisPrefix(runPid, '*'));
      await services.stop?.();
    },
  };
}

import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { databaseUrlFor } from './services';
import { workerDatabaseName, workerRedisPrefix } from './test-databases';

// Runs in each jest worker before its test files: its own database and its own Redis key prefix.
const runPid = Number(process.env.VIRA_TEST_RUN_PID);
const worker = process.env.JEST_WORKER_ID ?? '1';
const adminUrl = process.env.VIRA_TEST_ADMIN_DATABASE_URL;
if (!adminUrl || !runPid)
  throw new Error('global-setup.ts não rodou: faltam VIRA_TEST_* no ambiente');

process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = databaseUrlFor(adminUrl, workerDatabaseName(runPid, worker));
process.env.REDIS_URL = process.env.VIRA_TEST_REDIS_URL;
process.env.REDIS_PREFIX = workerRedisPrefix(runPid, worker);
process.env.LOG_LEVEL ??= 'silent';
process.env.MIGRATE_ON_START = 'false';
// Sign-up and sign-in answer 503 when Redis is slower than this (500 ms in production); on a busy
// machine (another test run beside this one) a reply can take that long, and a spec that only signs
// a trainer up would fail for it. Redis away still fails at once; outages are tested as such.
process.env.REDIS_REQUEST_TIMEOUT_MS ??= '3000';
// The generated JWT secret (no JWT_SECRET set) goes to a folder of this run, not the checkout's .data/.
process.env.VIRA_DATA_DIR ??= path.join(tmpdir(), `vira-test-${runPid}`);

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { waitUntil } from '../../../../../test/support/processes';
import { projectionKeys } from '../../projections/redis-keys';
import { closeRedis, createRedis } from '../redis';
import { startWorkerHeartbeat, WORKER_HEARTBEAT_TTL_MS, workerAtWork } from '../worker-heartbeat';

describe("the worker's heartbeat", () => {
  const redis = createRedis(process.env.REDIS_URL as string, 'vira-test-heartbeat');
  const prefix = `${process.env.REDIS_PREFIX}-heartbeat`;
  const folder = mkdtempSync(path.join(tmpdir(), 'vira-heartbeat-'));
  afterAll(async () => {
    await closeRedis(redis);
    rmSync(folder, { recursive: true, force: true });
  });

  /** A connection listening for wake-ups, as the worker's. */
  async function listen() {
    const wakeups = redis.duplicate();
    await wakeups.subscribe(projectionKeys(prefix).wakeChannel);
    return wakeups;
  }

  it('says a worker is at work while it beats and listens for wake-ups, rewrites its alive file each beat, and says nothing once stopped', async () => {
    const aliveFile = path.join(folder, 'alive');
    const wakeups = await listen();
    expect(await workerAtWork(redis, prefix)).toBe(false);
    const heartbeat = startWorkerHeartbeat(redis, prefix, aliveFile);
    try {
      await waitUntil(() => workerAtWork(redis, prefix), 10_000, 'the first beat');
      const ttl = await redis.pttl(`${prefix}:worker-heartbeat`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(WORKER_HEARTBEAT_TTL_MS);
      const firstWrite = statSync(aliveFile).mtimeMs;
      await waitUntil(() => statSync(aliveFile).mtimeMs > firstWrite, 10_000, 'the next beat');
    } finally {
      await heartbeat.stop();
      await closeRedis(wakeups);
    }
    expect(await workerAtWork(redis, prefix)).toBe(false);
  });

  it('says no worker is at work as soon as the one that beat stops listening (it died), its beat still fresh', async () => {
    const wakeups = await listen();
    const heartbeat = startWorkerHeartbeat(redis, prefix);
    try {
      await waitUntil(() => workerAtWork(redis, prefix), 10_000, 'the first beat');
      wakeups.disconnect(); // what its death does to its connections
      await waitUntil(
        async () => !(await workerAtWork(redis, prefix)),
        10_000,
        'the worker seen away',
      );
      expect(await redis.pttl(`${prefix}:worker-heartbeat`)).toBeGreaterThan(0);
    } finally {
      await heartbeat.stop();
    }
  });
});

import { writeFile } from 'node:fs/promises';
import type Redis from 'ioredis';
import { projectionKeys } from '../projections/redis-keys';
import { whenConnected } from './redis';

/** How often a running worker says so. */
export const WORKER_HEARTBEAT_EVERY_MS = 1_000;
/**
 * How long Redis keeps a worker's word: a worker silent this long is away (killed, stuck, or its
 * machine gone). Several beats, so a busy event loop is not taken for a dead one.
 */
export const WORKER_HEARTBEAT_TTL_MS = 5_000;

/** One key for every worker: /api/health asks whether any worker is at work, not which. */
export const workerHeartbeatKey = (prefix: string) => `${prefix}:worker-heartbeat`;

/**
 * The worker's side: sets the key now and every WORKER_HEARTBEAT_EVERY_MS, to expire after
 * WORKER_HEARTBEAT_TTL_MS. Redis away or back empty: the next beat after it returns sets it again.
 * `stop` deletes it (a worker that stops is away at once; another one sets it again within a beat).
 * With `aliveFile`, each beat also rewrites that file: this process's own liveness, whatever
 * Redis does (a container's exec probe reads its age).
 */
export function startWorkerHeartbeat(
  redis: Redis,
  prefix: string,
  aliveFile?: string,
): { stop(): Promise<void> } {
  const key = workerHeartbeatKey(prefix);
  const beat = async () => {
    if (aliveFile)
      await writeFile(aliveFile, `${new Date().toISOString()}\n`).catch(() => undefined);
    await whenConnected(
      redis,
      () => redis.set(key, String(Date.now()), 'PX', WORKER_HEARTBEAT_TTL_MS),
      WORKER_HEARTBEAT_EVERY_MS,
    ).catch(() => undefined);
  };
  void beat();
  const interval = setInterval(() => void beat(), WORKER_HEARTBEAT_EVERY_MS);
  return {
    async stop() {
      clearInterval(interval);
      await whenConnected(redis, () => redis.del(key), WORKER_HEARTBEAT_EVERY_MS).catch(
        () => undefined,
      );
    },
  };
}

/**
 * The API's side: whether a worker beat within WORKER_HEARTBEAT_TTL_MS and one listens for
 * wake-ups now. The beat tells a worker that hangs or vanishes with its machine; the subscription
 * one that dies (its connection closes with it, and Redis drops it at once), which the beat would
 * only tell seconds later.
 */
export async function workerAtWork(redis: Redis, prefix: string): Promise<boolean> {
  const [[beatFailed, beating], [listenFailed, listening]] = (await redis
    .pipeline()
    .exists(workerHeartbeatKey(prefix))
    .pubsub('NUMSUB', projectionKeys(prefix).wakeChannel)
    .exec()) as [[Error | null, number], [Error | null, [string, number]]];
  if (beatFailed || listenFailed) throw beatFailed ?? listenFailed;
  return beating === 1 && Number(listening[1]) > 0;
}

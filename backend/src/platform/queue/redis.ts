import Redis from 'ioredis';

/** BullMQ needs `maxRetriesPerRequest: null` on every connection it blocks on. */
export function createRedis(url: string, connectionName: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, connectionName });
  // ioredis reconnects by itself; /api/health reports an outage, so errors are not rethrown here.
  redis.on('error', () => undefined);
  return redis;
}

/** QUIT when connected (flushes pending replies), otherwise drop the reconnect loop at once. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'connecting' || redis.status === 'connect') {
    // Closing mid-handshake rejects commands already queued by their owners (e.g. SUBSCRIBE).
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  const ended = new Promise<void>((resolve) => {
    redis.once('end', resolve);
    setTimeout(resolve, 2_000).unref();
  });
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
  if (redis.status !== 'end') await ended;
}

export class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis não respondeu em ${ms} ms`);
    this.name = 'RedisTimeoutError';
  }
}

/** Rejects with RedisTimeoutError after `ms`: a request path never waits on Redis for long. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

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
    // Closing mid-handshake rejects commands already queued by their owners (e.g. SUBSCRIBE);
    // a handshake that fails ('close': Redis is away) has nothing worth waiting for.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        redis.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, 2_000);
      redis.once('ready', done);
      redis.once('close', done);
    });
  }
  const ended = new Promise<void>((resolve) => {
    redis.once('end', resolve);
    setTimeout(resolve, 2_000).unref();
  });
  // Waiting between two reconnection attempts there is no socket to close, hence no 'end' to
  // wait for: disconnect() just cancels the next attempt.
  const waiting = redis.status === 'reconnecting' || redis.status === 'close';
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
  if (redis.status !== 'end' && !waiting) await ended;
}

export class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis não respondeu em ${ms} ms`);
    this.name = 'RedisTimeoutError';
  }
}

export class RedisUnavailableError extends Error {
  constructor() {
    super('Redis indisponível');
    this.name = 'RedisUnavailableError';
  }
}

/**
 * True while the connection is lost and ioredis waits to retry (or was closed): a command sent now
 * would sit in its offline queue until Redis returns. A first connection still being made is not
 * "away": commands sent then go out within milliseconds.
 */
export function isAway(redis: Redis): boolean {
  return redis.status === 'reconnecting' || redis.status === 'close' || redis.status === 'end';
}

/**
 * For callers that can do without Redis (a wake-up, a read-your-writes record, a checkpoint
 * announcement): fails at once while Redis is away, instead of queueing the command until it
 * returns, and after `ms` otherwise.
 */
export function whenConnected<T>(redis: Redis, command: () => Promise<T>, ms: number): Promise<T> {
  if (isAway(redis)) return Promise.reject(new RedisUnavailableError());
  return withTimeout(command(), ms);
}

/**
 * Rejects with RedisTimeoutError after `ms`: a request path never waits on Redis for long.
 * The rejection waits for the loop's next I/O poll: when the process itself stalled (a busy
 * machine, a long GC), a reply that arrived meanwhile wins over a timer that fired late.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new RedisTimeoutError(ms))), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Writes a failure at most once per `everyMs`, counting the ones it kept quiet: while Redis is
 * away every call fails, and one line per command would bury the rest of the log.
 */
export class OutageLog {
  private lastWritten = 0;
  private quiet = 0;

  constructor(
    private readonly write: (message: string) => void,
    private readonly everyMs = 10_000,
  ) {}

  report(message: string): void {
    const now = Date.now();
    if (now - this.lastWritten < this.everyMs) {
      this.quiet += 1;
      return;
    }
    this.write(
      this.quiet > 0 ? `${message} (e mais ${this.quiet} falhas desde o último aviso)` : message,
    );
    this.lastWritten = now;
    this.quiet = 0;
  }
}

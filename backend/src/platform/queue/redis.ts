import Redis, { type RedisOptions } from 'ioredis';
import type { PlatformConfig } from '../../config/config';

/** Where Redis is: REDIS_URL's server, or the master the Sentinels of REDIS_SENTINELS name. */
export type RedisTarget = Pick<
  PlatformConfig,
  'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME'
>;

/** BullMQ needs `maxRetriesPerRequest: null` on every connection it blocks on. */
export function createRedis(target: string | RedisTarget, connectionName: string): Redis {
  const options: RedisOptions = { maxRetriesPerRequest: null, connectionName };
  const redis =
    typeof target === 'string'
      ? new Redis(target, options)
      : target.REDIS_SENTINELS
        ? new Redis(sentinelOptions(target, target.REDIS_SENTINELS, options))
        : new Redis(target.REDIS_URL, options);
  // ioredis reconnects by itself; /api/health reports an outage, so errors are not rethrown here.
  redis.on('error', () => undefined);
  return redis;
}

function sentinelOptions(
  target: RedisTarget,
  sentinels: string,
  options: RedisOptions,
): RedisOptions {
  const url = new URL(target.REDIS_URL);
  return {
    ...options,
    sentinels: sentinels.split(',').map((address) => {
      const separator = address.lastIndexOf(':');
      return { host: address.slice(0, separator), port: Number(address.slice(separator + 1)) };
    }),
    name: target.REDIS_SENTINEL_NAME,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    // Not `failoverDetector`: its disconnect on +switch-master, landing while a reconnection asks
    // the Sentinels, ends the connection for good ('Connection is closed').
    // A master demoted under an open connection (the old one back as a replica) refuses writes:
    // reconnect, which asks the Sentinels for the master again, and send the command again.
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
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

import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { z } from 'zod';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { ServiceUnavailableError, TooManyRequestsError } from '../errors/domain-error';
import { REDIS } from '../queue/queue.module';
import { isAway, RedisUnavailableError, withTimeout } from '../queue/redis';

/** At most `max` attempts per window of `windowMs`. */
export type RateLimitSetting = { max: number; windowMs: number };

const RATE_LIMIT = /^(\d+)\/(\d+(?:\.\d+)?)$/;

/** A limit from the environment as "max/seconds", e.g. "10/60": at most 10 attempts per 60-second window. */
export const rateLimitSetting = (fallback: string) =>
  z
    .string()
    .regex(RATE_LIMIT, 'use o formato máximo/segundos, ex.: 10/60')
    .default(fallback)
    .transform((value): RateLimitSetting => {
      const [, max, seconds] = RATE_LIMIT.exec(value) as RegExpExecArray;
      return { max: Number(max), windowMs: Math.round(Number(seconds) * 1000) };
    });

// INCR and the first PEXPIRE run atomically, so a counter can never be left without its window;
// the remaining time comes back for Retry-After.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

// Gives an attempt back, but never brings a counter back from its expiry (it would have no window).
const REFUND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

export class RateLimitedError extends TooManyRequestsError {}

/** One counter: `subject` (an address, an e-mail...) doing `action`, at most `setting` per window. */
export interface RateLimitHit {
  action: string;
  subject: string;
  setting: RateLimitSetting;
}

/**
 * Without Redis the limits cannot be counted. 'refuse' (fail closed): a 503, for what the limits
 * protect (sign-in, sign-up, recovery, reset: guessing passwords, sending e-mail). 'allow' (fail
 * open): go on uncounted, for reads that only cost a query.
 */
export type WhenRedisFails = 'refuse' | 'allow';

/** Attempts counted by `RateLimiter.count`; `refund` takes them back (a sign-in that succeeded). */
export interface CountedAttempt {
  refund(): Promise<void>;
}

/**
 * Fixed-window counters in Redis, shared by every API instance. Every call waits on Redis at most
 * REDIS_REQUEST_TIMEOUT_MS, then does what `whenRedisFails` says: a request never hangs on Redis.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** Counts one attempt for `subject` under `action`; throws 429 once the window's allowance is spent. */
  async hit(
    action: string,
    subject: string,
    setting: RateLimitSetting,
    whenRedisFails: WhenRedisFails = 'refuse',
  ): Promise<void> {
    await this.count([{ action, subject, setting }], whenRedisFails);
  }

  /**
   * Counts one attempt on every counter at once (before the work, so concurrent requests cannot
   * all slip under the limit); throws 429 with the longest wait when any allowance is spent.
   */
  async count(
    hits: readonly RateLimitHit[],
    whenRedisFails: WhenRedisFails = 'refuse',
  ): Promise<CountedAttempt> {
    const keys = hits.map((hit) => this.key(hit));
    let counting: Array<Promise<[number, number]>> = [];
    let counts: Array<[number, number]>;
    try {
      // Never queued while Redis is away: ioredis would keep the INCRs and send them all when it
      // returns, and the attempts refused meanwhile would lock the owner out for a window.
      if (isAway(this.redis)) throw new RedisUnavailableError();
      counting = hits.map(
        (hit, index) =>
          this.redis.eval(HIT_SCRIPT, 1, keys[index], String(hit.setting.windowMs)) as Promise<
            [number, number]
          >,
      );
      counts = await withTimeout(Promise.all(counting), this.config.REDIS_REQUEST_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn(`limites de tentativas sem Redis (${whenRedisFails}): ${String(error)}`);
      // The request went on uncounted (or was refused with a 503): an INCR that still reaches
      // Redis later (late, or resent by ioredis after a reconnection) is given back when it lands.
      counting.forEach((late, index) =>
        late.then(
          () => this.refund([keys[index]]),
          () => undefined,
        ),
      );
      if (whenRedisFails === 'refuse') throw new ServiceUnavailableError();
      return { refund: async () => undefined };
    }
    const waits = counts.flatMap(([count, ttlMs], index) =>
      Number(count) > hits[index].setting.max
        ? [Number(ttlMs) > 0 ? Number(ttlMs) : hits[index].setting.windowMs]
        : [],
    );
    if (waits.length > 0) throw new RateLimitedError(Math.max(...waits) / 1000);
    return { refund: () => this.refund(keys) };
  }

  private async refund(keys: readonly string[]): Promise<void> {
    await withTimeout(
      Promise.all(keys.map((key) => this.redis.eval(REFUND_SCRIPT, 1, key))),
      this.config.REDIS_REQUEST_TIMEOUT_MS,
    ).catch((error: unknown) =>
      this.logger.warn(`tentativas não devolvidas (Redis): ${String(error)}`),
    );
  }

  private key({ action, subject }: RateLimitHit): string {
    return `${this.config.REDIS_PREFIX}:rate-limit:${action}:${subject}`;
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config';
import { ServiceUnavailableError, TooManyRequestsError } from '../../platform/errors/domain-error';
import { REDIS } from '../../platform/queue/queue.module';
import { withTimeout } from '../../platform/queue/redis';
import type { BookingConfig, RateLimitSetting } from '../booking.config';

// INCR and the first PEXPIRE run atomically, so a counter can never be left without its window;
// the remaining time comes back for Retry-After (the same counters as identity's sign-in limits).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/**
 * Fixed-window counters per client address in Redis, shared by every API instance (the address is
 * Fastify's `request.ip`: `X-Forwarded-For` only behind TRUST_PROXY). Without Redis within
 * REDIS_REQUEST_TIMEOUT_MS: reads go on uncounted ('allow'), bookings answer 503 ('refuse').
 */
@Injectable()
export class PublicRateLimiter {
  private readonly logger = new Logger('PublicRateLimiter');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: BookingConfig,
  ) {}

  /** Counts one request of `address` under `action`; 429 rate_limited + Retry-After once spent. */
  async hit(
    action: string,
    address: string,
    setting: RateLimitSetting,
    whenRedisFails: 'refuse' | 'allow',
  ): Promise<void> {
    const key = `${this.config.REDIS_PREFIX}:rate-limit:${action}:${address}`;
    let count: number;
    let ttlMs: number;
    try {
      [count, ttlMs] = (await withTimeout(
        this.redis.eval(HIT_SCRIPT, 1, key, String(setting.windowMs)) as Promise<[number, number]>,
        this.config.REDIS_REQUEST_TIMEOUT_MS,
      )) as [number, number];
    } catch (error) {
      this.logger.warn(`limite de ${action} sem Redis (${whenRedisFails}): ${String(error)}`);
      if (whenRedisFails === 'refuse') throw new ServiceUnavailableError();
      return;
    }
    if (Number(count) > setting.max)
      throw new TooManyRequestsError(
        Math.max(1, Math.ceil((Number(ttlMs) > 0 ? Number(ttlMs) : setting.windowMs) / 1000)),
      );
  }
}

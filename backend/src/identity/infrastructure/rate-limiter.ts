import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';
import { DomainError } from '../../platform/errors/domain-error';
import { REDIS } from '../../platform/queue/queue.module';
import type { RateLimitSetting } from '../identity.config';

// INCR and the first PEXPIRE run atomically, so a counter can never be left without its window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

export class RateLimitedError extends DomainError {
  constructor() {
    super(
      'rate_limited',
      'Muitas tentativas. Tente novamente em instantes.',
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** Fixed-window counters in Redis, shared by every API instance. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Counts one attempt for `subject` under `action`; throws 429 once the window's allowance is spent. */
  async hit(action: string, subject: string, setting: RateLimitSetting): Promise<void> {
    const key = `${this.config.REDIS_PREFIX}:rate-limit:${action}:${subject}`;
    const count = Number(await this.redis.eval(HIT_SCRIPT, 1, key, String(setting.windowMs)));
    if (count > setting.max) throw new RateLimitedError();
  }
}

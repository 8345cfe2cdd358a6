import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';
import { REDIS } from '../../platform/queue/queue.module';
import { requiredRedis } from './required-redis';
import { hashSecretToken, newSecretToken } from './secret-token';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/**
 * The pending second step of a sign-in: a random token, kept hashed in Redis for 5 minutes. Every
 * call waits on Redis at most REDIS_REQUEST_TIMEOUT_MS, then answers 503.
 */
@Injectable()
export class MfaChallenges {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async create(userId: string): Promise<string> {
    const { token, hash } = newSecretToken();
    const key = this.key(hash);
    await this.guarded(
      this.redis
        .multi()
        .hset(key, 'userId', userId, 'attempts', '0')
        .pexpire(key, CHALLENGE_TTL_MS)
        .exec(),
    );
    return token;
  }

  /** Counts an attempt and answers whose challenge it is; undefined once expired or after 5 attempts. */
  async attempt(token: string): Promise<string | undefined> {
    const key = this.key(hashSecretToken(token));
    const [userId, attempts] = await this.guarded(this.redis.hmget(key, 'userId', 'attempts'));
    if (!userId || attempts === null) return undefined;
    if ((await this.guarded(this.redis.hincrby(key, 'attempts', 1))) > MAX_ATTEMPTS) {
      await this.guarded(this.redis.del(key));
      return undefined;
    }
    return userId;
  }

  /** Spends the challenge; false when someone else already did (two concurrent right answers). */
  async complete(token: string): Promise<boolean> {
    return (await this.guarded(this.redis.del(this.key(hashSecretToken(token))))) === 1;
  }

  private guarded<T>(call: Promise<T>): Promise<T> {
    return requiredRedis(call, this.config.REDIS_REQUEST_TIMEOUT_MS);
  }

  private key(hash: Buffer): string {
    return `${this.config.REDIS_PREFIX}:mfa-challenge:${hash.toString('hex')}`;
  }
}

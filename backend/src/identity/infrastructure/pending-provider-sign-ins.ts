import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { REDIS } from '../../platform/queue/queue.module';
import type { ProviderName } from './identity-providers';
import { requiredRedis } from './required-redis';

const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

/** What a provider sign-in must find again when the browser comes back (PKCE verifier, nonce). */
export interface PendingSignIn {
  provider: ProviderName;
  codeVerifier: string;
  nonce: string;
}

/**
 * Provider sign-ins under way, by their state, in Redis for 10 minutes; each is taken once. Every
 * call waits on Redis at most REDIS_REQUEST_TIMEOUT_MS, then answers 503.
 */
@Injectable()
export class PendingProviderSignIns {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async save(state: string, pending: PendingSignIn): Promise<void> {
    await requiredRedis(
      this.redis.set(this.key(state), JSON.stringify(pending), 'PX', PENDING_SIGN_IN_TTL_MS),
      this.config.REDIS_REQUEST_TIMEOUT_MS,
    );
  }

  async take(state: string): Promise<PendingSignIn | undefined> {
    const stored = await requiredRedis(
      this.redis.getdel(this.key(state)),
      this.config.REDIS_REQUEST_TIMEOUT_MS,
    );
    return stored ? (JSON.parse(stored) as PendingSignIn) : undefined;
  }

  private key(state: string): string {
    return `${this.config.REDIS_PREFIX}:oidc-pending:${state}`;
  }
}

import { Global, Module } from '@nestjs/common';
import { RateLimiter } from './rate-limiter';

/** Per-subject attempt counters in Redis, for any context's routes (sign-in, public booking, the advisor). */
@Global()
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimitModule {}

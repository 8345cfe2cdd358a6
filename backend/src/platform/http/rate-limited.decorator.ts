import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config';
import { RateLimiter, type RateLimitSetting, type WhenRedisFails } from './rate-limiter';

const RATE_LIMITED = 'vira:rateLimited';

interface RateLimitRule {
  action: string;
  /** Reads the route's context slice of APP_CONFIG (which holds every context's settings). */
  setting: (config: never) => RateLimitSetting;
  whenRedisFails: WhenRedisFails;
}

/**
 * Counts every request of a route per client address before anything of it is read (a guard runs
 * before `@Input()` parses): a burst is limited whatever it sends, bad requests too.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: never,
  ) {}

  async canActivate(context: ExecutionContext): Promise<true> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMITED, context.getHandler());
    if (rule) {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      await this.limiter.hit(rule.action, request.ip, rule.setting(this.config), rule.whenRedisFails);
    }
    return true;
  }
}

/**
 * `@RateLimited('api-pix-notification', (config: ChargesConfig) => config.RATE_LIMIT_..., 'allow')`:
 * at most that many requests per client address (429 rate_limited with Retry-After past it).
 */
export const RateLimited = <Config>(
  action: string,
  setting: (config: Config) => RateLimitSetting,
  whenRedisFails: WhenRedisFails,
) =>
  applyDecorators(
    SetMetadata(RATE_LIMITED, { action, setting, whenRedisFails }),
    UseGuards(RateLimitGuard),
  );

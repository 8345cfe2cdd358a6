import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type HealthReport, platformApi } from '../../contracts/platform/api';
import { AccessTokenService } from '../auth/access-token.service';
import { bearerTokenOf } from '../auth/auth.guards';
import { LiveSessions } from '../auth/live-sessions';
import { Implements } from '../http/implements';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    @Inject(AccessTokenService) private readonly tokens: AccessTokenService,
    @Inject(LiveSessions) private readonly sessions: LiveSessions,
  ) {}

  /**
   * Readiness: send traffic here only when it answers 200. Anyone reads the status and whether
   * PostgreSQL and Redis answer; the details (the worker, each read model's position and lag) only
   * a trainer signed in: they name the app's insides.
   */
  @Implements(platformApi.health)
  async check(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.check();
    reply.status(report.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    if (report.postgres === 'ok' && (await this.isTrainer(request))) return report;
    const { status, postgres, redis }: HealthReport = report;
    return { status, postgres, redis };
  }

  private async isTrainer(request: FastifyRequest): Promise<boolean> {
    const bearer = bearerTokenOf(request.headers.authorization);
    if (!bearer) return false;
    try {
      const { user, sessionId } = this.tokens.verify(bearer);
      return user.role === 'personal' && (await this.sessions.isLive(sessionId, user));
    } catch {
      return false;
    }
  }

  /**
   * Liveness: the process answers. Nothing else on purpose: restarting the API does not bring
   * back a database, Redis or a worker that is away, it only drops the requests in flight.
   */
  @Implements(platformApi.live)
  live(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  }
}

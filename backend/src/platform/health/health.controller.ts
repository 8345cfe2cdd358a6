import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { platformApi } from '../../contracts/platform/api';
import { Implements } from '../http/implements';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(@Inject(HealthService) private readonly health: HealthService) {}

  /** Readiness: send traffic here only when it answers 200 (HealthService says who reads what). */
  @Implements(platformApi.health)
  async check(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.reportFor(request.headers.authorization);
    reply.status(report.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return report;
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

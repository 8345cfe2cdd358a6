import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Readiness (and the detail a person reads): send traffic here only when it answers 200. */
  @Public()
  @Get()
  @ApiOkResponse({
    description: 'PostgreSQL e Redis respondem e os modelos de leitura estão em dia',
  })
  @ApiServiceUnavailableResponse({
    description:
      'Um serviço não responde (status "error") ou um modelo de leitura está atrasado (status "degraded"); o corpo diz qual',
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.check();
    reply.status(report.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return report;
  }

  /**
   * Liveness: the process answers. Nothing else on purpose: restarting the API does not bring
   * back a database, Redis or a worker that is away, it only drops the requests in flight.
   */
  @Public()
  @Get('live')
  @ApiOkResponse({ description: 'O processo responde' })
  live(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  }
}

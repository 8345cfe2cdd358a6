import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiOkResponse({ description: 'PostgreSQL e Redis respondem' })
  @ApiServiceUnavailableResponse({ description: 'Um dos serviços não responde; o corpo diz qual' })
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.check();
    reply.status(report.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return report;
  }
}

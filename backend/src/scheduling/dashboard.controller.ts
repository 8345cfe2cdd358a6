import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Dashboard } from '../contracts/scheduling';
import { DEFAULT_TIME_ZONE } from '../contracts/time';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { AGENDA_PROJECTIONS } from './projections';
import { SessionsRepository } from './queries/sessions.repository';

@ApiTags('dashboard')
@ApiBearerAuth()
@Roles('personal')
@Controller('dashboard')
export class DashboardController {
  constructor(@Inject(SessionsRepository) private readonly sessions: SessionsRepository) {}

  @Get()
  @ApiOperation({
    summary:
      'Hoje e esta semana (domingo a sábado, no fuso do personal): sessões agendadas; alunos e locais ativos; as 3 próximas sessões agendadas',
  })
  @ReadsProjections(...AGENDA_PROJECTIONS)
  dashboard(@CurrentUser() user: AuthUser): Promise<Dashboard> {
    return this.sessions.dashboard(user.tenantId, new Date(), DEFAULT_TIME_ZONE);
  }
}

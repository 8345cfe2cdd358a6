import { Controller, Inject } from '@nestjs/common';
import { dashboardApi } from '../contracts/scheduling/api';
import { DEFAULT_TIME_ZONE } from '../contracts/shared/time';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Implements } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { AGENDA_PROJECTIONS, FIRST_STEPS_PROJECTION } from './projections';
import { SessionsRepository } from './queries/sessions.repository';

@Controller()
export class DashboardController {
  constructor(@Inject(SessionsRepository) private readonly sessions: SessionsRepository) {}

  @Implements(dashboardApi.get)
  @ReadsProjections(...AGENDA_PROJECTIONS, FIRST_STEPS_PROJECTION)
  dashboard(@CurrentUser() user: AuthUser) {
    return this.sessions.dashboard(user.tenantId, new Date(), DEFAULT_TIME_ZONE);
  }
}

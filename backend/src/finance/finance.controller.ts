import { Controller, Inject } from '@nestjs/common';
import { SubscriptionCycles } from '../contracts/charges/ports';
import { financeApi } from '../contracts/finance/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { FinanceService } from './application/finance.service';
import { FINANCE_SETTINGS_PROJECTION, SUMMARIES_PROJECTION } from './projections';
import { FinanceRepository } from './queries/finance.repository';

/** The monthly summary, the 12-month series and the goals (/financeiro, /ajustes/configuracoes). */
@Controller()
export class FinanceController {
  constructor(
    @Inject(FinanceService) private readonly service: FinanceService,
    @Inject(FinanceRepository) private readonly finance: FinanceRepository,
  ) {}

  @Implements(financeApi.summary)
  @ReadsProjections(SUMMARIES_PROJECTION, FINANCE_SETTINGS_PROJECTION, SubscriptionCycles.readModel)
  summary(
    @CurrentUser() user: AuthUser,
    @Input() { query: { month } }: ParsedInputOf<typeof financeApi.summary>,
  ) {
    return this.service.summary(user.tenantId, month, new Date());
  }

  @Implements(financeApi.series)
  @ReadsProjections(SUMMARIES_PROJECTION, FINANCE_SETTINGS_PROJECTION, SubscriptionCycles.readModel)
  series(
    @CurrentUser() user: AuthUser,
    @Input() { query: { months, until } }: ParsedInputOf<typeof financeApi.series>,
  ) {
    return this.service.series(user.tenantId, until, months, new Date());
  }

  @Implements(financeApi.goals)
  @ReadsProjections(FINANCE_SETTINGS_PROJECTION)
  goals(@CurrentUser() user: AuthUser) {
    return this.finance.goals(user.tenantId);
  }

  @Implements(financeApi.setGoals)
  setGoals(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof financeApi.setGoals>,
  ) {
    return this.service.setGoals(context, body);
  }
}

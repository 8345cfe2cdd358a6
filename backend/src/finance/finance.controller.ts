import { Controller, Inject } from '@nestjs/common';
import { SubscriptionCycles } from '../contracts/charges/ports';
import { DEFAULT_ALLOCATION_RULE, financeApi } from '../contracts/finance/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { FINANCE_SETTINGS_PROJECTION, SUMMARIES_PROJECTION } from './projections';
import { FinanceRepository } from './queries/finance.repository';

/** The monthly summary, the 12-month series and the goals (/financeiro, /ajustes/configuracoes). */
@Controller()
export class FinanceController {
  constructor(
    @Inject(FinanceSettingsCommands) private readonly settings: FinanceSettingsCommands,
    @Inject(FinanceRepository) private readonly finance: FinanceRepository,
  ) {}

  @Implements(financeApi.summary)
  @ReadsProjections(SUMMARIES_PROJECTION, FINANCE_SETTINGS_PROJECTION, SubscriptionCycles.readModel)
  async summary(
    @CurrentUser() user: AuthUser,
    @Input() { query: { month } }: ParsedInputOf<typeof financeApi.summary>,
  ) {
    return this.finance.summary(
      user.tenantId,
      month ?? (await this.finance.currentMonth(user.tenantId, new Date())),
    );
  }

  @Implements(financeApi.series)
  @ReadsProjections(SUMMARIES_PROJECTION, FINANCE_SETTINGS_PROJECTION, SubscriptionCycles.readModel)
  async series(
    @CurrentUser() user: AuthUser,
    @Input() { query: { months, until } }: ParsedInputOf<typeof financeApi.series>,
  ) {
    const last = until ?? (await this.finance.currentMonth(user.tenantId, new Date()));
    return { items: await this.finance.series(user.tenantId, last, months) };
  }

  @Implements(financeApi.goals)
  @ReadsProjections(FINANCE_SETTINGS_PROJECTION)
  goals(@CurrentUser() user: AuthUser) {
    return this.finance.goals(user.tenantId);
  }

  @Implements(financeApi.setGoals)
  async setGoals(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof financeApi.setGoals>,
  ) {
    const current = await this.settings.current(context.tenantId);
    return this.settings.change(context, {
      type: 'SetGoals',
      settings: {
        metaMensalCentavos: body.metaMensalCentavos,
        metaTrimestralCentavos: body.metaTrimestralCentavos,
        metaAnualCentavos: body.metaAnualCentavos,
        moeda: body.moeda,
        fusoHorario: body.fusoHorario,
        alocacao: body.alocacao ?? current?.alocacao ?? DEFAULT_ALLOCATION_RULE,
      },
    });
  }
}

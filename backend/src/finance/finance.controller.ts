import { Body, Controller, Get, Inject, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  DEFAULT_ALLOCATION_RULE,
  type GoalsBody,
  goalsSchema,
  monthSchema,
  seriesQuerySchema,
} from '../contracts/finance';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { parseOrThrow, ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { financeSettingsStreamId } from './domain/finance-settings.decider';
import { FINANCE_SETTINGS_PROJECTION, SUMMARIES_PROJECTION } from './projections';
import { FinanceRepository } from './queries/finance.repository';

const monthQuery = z.strictObject({ month: monthSchema.optional() });

/** The monthly summary, the 12-month series and the goals (/financeiro, /ajustes/configuracoes). */
@ApiTags('finance')
@ApiBearerAuth()
@Roles('personal')
@Controller()
export class FinanceController {
  constructor(
    @Inject(FinanceSettingsCommands) private readonly settings: FinanceSettingsCommands,
    @Inject(FinanceRepository) private readonly finance: FinanceRepository,
  ) {}

  @Get('finance/summary')
  @ApiOperation({
    summary:
      'Resumo do mês (previsto, recebido, despesas, lucro, ticket médio, aderência, reserva, alocações, variação)',
  })
  @ApiQuery({ name: 'month', required: false, description: 'AAAA-MM (padrão: o mês atual)' })
  @ReadsProjections(SUMMARIES_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async summary(@CurrentUser() user: AuthUser, @Query() query: unknown) {
    const { month } = parseOrThrow(monthQuery, query);
    return this.finance.summary(
      user.tenantId,
      month ?? (await this.finance.currentMonth(user.tenantId, new Date())),
    );
  }

  @Get('finance/series')
  @ApiOperation({
    summary: 'Previsto e recebido dos últimos meses (padrão 12), do mais antigo ao atual',
  })
  @ApiQuery({ name: 'months', required: false })
  @ApiQuery({ name: 'until', required: false, description: 'AAAA-MM: o último mês da série' })
  @ReadsProjections(SUMMARIES_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async series(@CurrentUser() user: AuthUser, @Query() query: unknown) {
    const { months, until } = parseOrThrow(seriesQuerySchema, query);
    const last = until ?? (await this.finance.currentMonth(user.tenantId, new Date()));
    return { items: await this.finance.series(user.tenantId, last, months) };
  }

  @Get('settings/goals')
  @ApiOperation({
    summary: 'Metas (mensal, trimestral, anual), moeda, fuso horário e regra de alocação',
  })
  @ReadsProjections(FINANCE_SETTINGS_PROJECTION)
  goals(@CurrentUser() user: AuthUser) {
    return this.finance.goals(user.tenantId);
  }

  @Put('settings/goals')
  @CommandRoute(
    200,
    { summary: 'Salva as metas; sem `alocacao`, mantém a regra atual' },
    goalsSchema,
  )
  async setGoals(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(goalsSchema)) body: GoalsBody,
  ) {
    const current = await this.settings.current(context.tenantId);
    return this.settings.handle(context, financeSettingsStreamId(context.tenantId), {
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

import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { v7 as uuidv7 } from 'uuid';
import {
  createPlanSchema,
  type PlanChanges,
  type PlanTerms,
  updatePlanSchema,
} from '../contracts/plans';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { idParam } from '../platform/http/id-param';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { PlanCommands } from './commands/plan.commands';
import { PLANS_PROJECTION } from './projections';
import { PlansRepository } from './queries/plans.repository';

const planId = idParam('Plano');

@ApiTags('plans')
@ApiBearerAuth()
@Roles('personal')
@Controller('plans')
export class PlansController {
  constructor(
    @Inject(PlanCommands) private readonly commands: PlanCommands,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Planos do personal, por nome (arquivados só com ?arquivados=true)' })
  @ApiQuery({ name: 'arquivados', required: false, enum: ['true', 'false'] })
  @ReadsProjections(PLANS_PROJECTION)
  async list(@CurrentUser() user: AuthUser, @Query('arquivados') arquivados?: string) {
    return { items: await this.plans.list(user.tenantId, arquivados === 'true') };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Um plano' })
  @ReadsProjections(PLANS_PROJECTION)
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.plans.find(user.tenantId, planId(id))) ?? planId.notFound();
  }

  @Post()
  @CommandRoute(201, { summary: 'Cadastra um plano; 201 { id, position }' }, createPlanSchema)
  create(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createPlanSchema)) terms: PlanTerms,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'CreatePlan', terms });
  }

  @Patch(':id')
  @CommandRoute(
    200,
    { summary: 'Altera os campos enviados; { arquivado: true } arquiva o plano' },
    updatePlanSchema,
  )
  update(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updatePlanSchema)) changes: PlanChanges,
  ) {
    return this.commands.handle(context, planId(id), { type: 'UpdatePlan', changes });
  }

  @Delete(':id')
  @CommandRoute(200, { summary: 'Remove o plano; 409 has_links quando algum aluno o tem' })
  remove(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    return this.commands.handle(context, planId(id), { type: 'RemovePlan' });
  }
}

import { Controller, Inject } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { plansApi } from '../contracts/plans/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { PlanCommands } from './commands/plan.commands';
import { PLANS_PROJECTION } from './projections';
import { PlansRepository } from './queries/plans.repository';

const planId = idParam('Plano');

@Controller()
export class PlansController {
  constructor(
    @Inject(PlanCommands) private readonly commands: PlanCommands,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
  ) {}

  @Implements(plansApi.list)
  @ReadsProjections(PLANS_PROJECTION)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof plansApi.list>,
  ) {
    return { items: await this.plans.list(user.tenantId, query.arquivados === 'true') };
  }

  @Implements(plansApi.get)
  @ReadsProjections(PLANS_PROJECTION)
  async get(@CurrentUser() user: AuthUser, @Input() { params }: ParsedInputOf<typeof plansApi.get>) {
    return (await this.plans.find(user.tenantId, planId(params.id))) ?? planId.notFound();
  }

  @Implements(plansApi.create)
  create(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof plansApi.create>,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'CreatePlan', terms: body });
  }

  @Implements(plansApi.update)
  update(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof plansApi.update>,
  ) {
    return this.commands.handle(context, planId(params.id), { type: 'UpdatePlan', changes: body });
  }

  @Implements(plansApi.remove)
  remove(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof plansApi.remove>,
  ) {
    return this.commands.handle(context, planId(params.id), { type: 'RemovePlan' });
  }
}

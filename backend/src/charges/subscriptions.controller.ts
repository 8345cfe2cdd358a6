import { Controller, Inject } from '@nestjs/common';
import { subscriptionsApi } from '../contracts/charges/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { SubscriptionsService } from './application/subscriptions.service';
import { SUBSCRIPTIONS_PROJECTION } from './projections';
import { SubscriptionsRepository } from './queries/subscriptions.repository';

const studentId = idParam('Aluno');
const subscriptionId = idParam('Assinatura', 'feminine');

/** Subscriptions to monthly plans: started from the student's page, listed, paused, resumed, cancelled, a refused cycle tried again. */
@Controller()
export class SubscriptionsController {
  constructor(
    @Inject(SubscriptionsService) private readonly service: SubscriptionsService,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
  ) {}

  @Implements(subscriptionsApi.subscribe)
  subscribe(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof subscriptionsApi.subscribe>,
  ) {
    return this.service.subscribe(context, studentId(params.id), body);
  }

  @Implements(subscriptionsApi.list)
  @ReadsProjections(SUBSCRIPTIONS_PROJECTION)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof subscriptionsApi.list>,
  ) {
    return { items: await this.subscriptions.list(user.tenantId, query) };
  }

  @Implements(subscriptionsApi.requestAuthorisation)
  requestAuthorisation(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof subscriptionsApi.requestAuthorisation>,
  ) {
    return this.service.requestAuthorisation(context, subscriptionId(params.id), body);
  }

  @Implements(subscriptionsApi.cancel)
  cancel(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof subscriptionsApi.cancel>,
  ) {
    return this.service.cancel(context, subscriptionId(params.id));
  }

  @Implements(subscriptionsApi.pause)
  pause(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof subscriptionsApi.pause>,
  ) {
    return this.service.change(context, subscriptionId(params.id), {
      type: 'PauseSubscription',
      ciclos: body.ciclos,
    });
  }

  @Implements(subscriptionsApi.resume)
  resume(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof subscriptionsApi.resume>,
  ) {
    return this.service.change(context, subscriptionId(params.id), { type: 'ResumeSubscription' });
  }

  @Implements(subscriptionsApi.retryCycle)
  retryCycle(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof subscriptionsApi.retryCycle>,
  ) {
    return this.service.change(context, subscriptionId(params.id), { type: 'RetryRefusedCycles' });
  }
}

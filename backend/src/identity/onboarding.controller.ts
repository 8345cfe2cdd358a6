import { Controller, Inject } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { CloseAccountHandler } from './commands/close-account.command';
import { TenantCommands } from './commands/tenant.commands';
import { parseOnboardingAnswers } from './domain/onboarding-answers';

@Controller()
export class OnboardingController {
  constructor(
    @Inject(TenantCommands) private readonly tenants: TenantCommands,
    @Inject(CloseAccountHandler) private readonly closing: CloseAccountHandler,
  ) {}

  @Implements(identityApi.closeAccount)
  close(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof identityApi.closeAccount>,
  ) {
    return this.closing.close(context, body.confirm);
  }

  /** The 11 raw answers of 'Configuração Inicial', parsed and recorded once per tenant. */
  @Implements(identityApi.completeOnboarding)
  async complete(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Input() { body }: ParsedInputOf<typeof identityApi.completeOnboarding>,
  ) {
    const onboardingData = parseOnboardingAnswers(body.answers);
    const now = new Date();
    const { position } = await this.tenants.handle(
      context,
      user.tenantId,
      { type: 'CompleteOnboarding', onboardingId: uuidv7(), userId: user.userId, onboardingData },
      { now },
    );
    return { position, onboardingData, completedAt: now.toISOString() };
  }
}

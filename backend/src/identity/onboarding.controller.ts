import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { APP_CONFIG, type PlatformConfig } from '../config/config';
import { DATABASE, type Db } from '../platform/database/database.module';
import { Implements, Input } from '../platform/http/implements';
import { exportAccountZip } from '../platform/personal-data/account-export';
import { CloseAccountHandler } from './commands/close-account.command';
import { TenantCommands } from './commands/tenant.commands';
import { parseOnboardingAnswers } from './domain/onboarding-answers';

@Controller()
export class OnboardingController {
  constructor(
    @Inject(TenantCommands) private readonly tenants: TenantCommands,
    @Inject(CloseAccountHandler) private readonly closing: CloseAccountHandler,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
  ) {}

  @Implements(identityApi.exportAccount)
  async exportAccount(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const zip = await exportAccountZip(this.db, user.tenantId, this.config.APP_TIME_ZONE);
    void reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="conta-vira.zip"');
    return Buffer.from(zip);
  }

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

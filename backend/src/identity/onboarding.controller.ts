import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { TrainerAccountService } from './application/trainer-account.service';
import { CloseAccountHandler } from './commands/close-account.command';

@Controller()
export class OnboardingController {
  constructor(
    @Inject(TrainerAccountService) private readonly account: TrainerAccountService,
    @Inject(CloseAccountHandler) private readonly closing: CloseAccountHandler,
  ) {}

  @Implements(identityApi.exportAccount)
  async exportAccount(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const zip = await this.account.exportZip(user.tenantId);
    void reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="conta-vira.zip"');
    return zip;
  }

  @Implements(identityApi.closeAccount)
  close(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof identityApi.closeAccount>,
  ) {
    return this.closing.close(context, body.confirm);
  }

  @Implements(identityApi.completeOnboarding)
  complete(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Input() { body }: ParsedInputOf<typeof identityApi.completeOnboarding>,
  ) {
    return this.account.completeOnboarding(context, user.userId, body.answers, new Date());
  }
}

import { Controller } from '@nestjs/common';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Implements, Input } from '../platform/http/implements';
import { TwoFactorHandler } from './commands/two-factor.command';

/** Two-factor sign-in of the signed-in user (the login's second step is POST /api/auth/mfa/verify). */
@Controller()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorHandler) {}

  @Implements(identityApi.totpStatus)
  async status(@CurrentUser() user: AuthUser) {
    return { enabled: await this.twoFactor.isEnabled(user.userId) };
  }

  @Implements(identityApi.enrollTotp)
  enroll(@CurrentUser() user: AuthUser) {
    return this.twoFactor.enroll(user);
  }

  @Implements(identityApi.activateTotp)
  activate(
    @Input() { body }: ParsedInputOf<typeof identityApi.activateTotp>,
    @CurrentUser() user: AuthUser,
  ) {
    return this.twoFactor.activate(user, body.code, new Date());
  }

  @Implements(identityApi.removeTotp)
  remove(
    @Input() { body }: ParsedInputOf<typeof identityApi.removeTotp>,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.twoFactor.remove(user, body, new Date());
  }
}

import { Controller } from '@nestjs/common';
import { identityApi } from '../contracts/identity/api';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import { Implements } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ONBOARDING_PROJECTION } from './projections';
import { AccountRepository } from './queries/account.repository';

@Controller()
export class MeController {
  constructor(private readonly accounts: AccountRepository) {}

  @Implements(identityApi.me)
  @ReadsProjections(ONBOARDING_PROJECTION)
  async me(@CurrentUser() user: AuthUser) {
    const me = await this.accounts.me(user);
    if (!me) throw new NotFoundError('Usuário');
    return me;
  }
}

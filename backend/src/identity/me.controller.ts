import type { Me } from '../contracts/identity';
import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ONBOARDING_PROJECTION } from './projections';
import { AccountRepository } from './queries/account.repository';

@ApiTags('identity')
@ApiBearerAuth()
@Controller('me')
export class MeController {
  constructor(private readonly accounts: AccountRepository) {}

  @Get()
  @ReadsProjections(ONBOARDING_PROJECTION)
  async me(@CurrentUser() user: AuthUser): Promise<Me> {
    const me = await this.accounts.me(user);
    if (!me) throw new NotFoundError('Usuário');
    return me;
  }
}

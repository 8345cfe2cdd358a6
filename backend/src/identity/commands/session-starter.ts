import type { Me } from '../../contracts/identity/api';
import { Injectable } from '@nestjs/common';
import { AccessTokenService } from '../../platform/auth/access-token.service';
import type { AuthUser } from '../../platform/auth/auth-user';
import { AccountRepository } from '../queries/account.repository';
import type { IssuedRefreshToken } from '../infrastructure/refresh-tokens';
import { InvalidCredentialsError } from '../domain/identity.errors';

export interface Session {
  accessToken: string;
  refreshToken: IssuedRefreshToken;
  user: Me;
}

/** Access token + the user's view for a user whose refresh token is already settled. */
@Injectable()
export class SessionStarter {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly accessTokens: AccessTokenService,
  ) {}

  async sessionFor(userId: string, refreshToken: IssuedRefreshToken): Promise<Session> {
    const authUser: AuthUser | undefined = await this.accounts.sessionUser(userId);
    const user = authUser && (await this.accounts.me(authUser));
    if (!authUser || !user) throw new InvalidCredentialsError();
    return {
      accessToken: await this.accessTokens.sign(authUser, refreshToken.familyId),
      refreshToken,
      user,
    };
  }
}

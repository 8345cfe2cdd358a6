import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';
import { AccountClosedError } from '../../platform/errors/domain-error';
import { EmailNotConfirmedError, InvalidCredentialsError } from '../domain/identity.errors';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { AccountRepository } from '../queries/account.repository';
import type { SignInInput } from '../../contracts/identity/api';
import { type Session, SessionStarter } from './session-starter';
import { TwoFactorHandler } from './two-factor.command';

export type SignInResult = { session: Session } | { mfaRequired: true; challengeToken: string };

export function requiresEmailConfirmation(config: IdentityConfig): boolean {
  return config.AUTH_REQUIRE_EMAIL_CONFIRMATION ?? config.NODE_ENV === 'production';
}

@Injectable()
export class SignInHandler {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly refreshTokens: RefreshTokens,
    private readonly sessions: SessionStarter,
    private readonly twoFactor: TwoFactorHandler,
  ) {}

  /**
   * Unknown e-mail and wrong password answer alike, after the same argon2 work. With two-factor
   * sign-in on, the password only earns a challenge for the second step.
   */
  async execute(input: SignInInput, now: Date): Promise<SignInResult> {
    const account = await this.accounts.findCredentialsByEmail(input.email);
    const passwordMatches = account
      ? await this.hasher.verify(account.passwordHash, input.password)
      : await this.hasher.verifyAgainstNothing(input.password);
    if (!account && (await this.accounts.wasClosed(input.email))) throw new AccountClosedError();
    if (!account || !passwordMatches) throw new InvalidCredentialsError();
    if (requiresEmailConfirmation(this.config) && !account.emailConfirmedAt)
      throw new EmailNotConfirmedError();
    if (await this.twoFactor.isEnabled(account.userId)) {
      return {
        mfaRequired: true,
        challengeToken: await this.twoFactor.startChallenge(account.userId),
      };
    }
    const refreshToken = await this.refreshTokens.issue(account.userId, now);
    return { session: await this.sessions.sessionFor(account.userId, refreshToken) };
  }
}

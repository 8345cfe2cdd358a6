import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config';
import type { identityApi } from '../../contracts/identity/api';
import type { ParsedInputOf } from '../../contracts/shared/routes';
import { AccessTokenService } from '../../platform/auth/access-token.service';
import { bearerTokenOf } from '../../platform/auth/auth.guards';
import {
  type CountedAttempt,
  RateLimiter,
  type RateLimitHit,
} from '../../platform/http/rate-limiter';
import { ConfirmEmailHandler } from '../commands/confirm-email.command';
import { RefreshSessionHandler } from '../commands/refresh-session.command';
import { RegisterTrainerHandler } from '../commands/register-trainer.command';
import { RequestPasswordResetHandler } from '../commands/request-password-reset.command';
import { ResetPasswordHandler } from '../commands/reset-password.command';
import { requiresEmailConfirmation, SignInHandler } from '../commands/sign-in.command';
import { InvalidMfaCodeError, TwoFactorHandler } from '../commands/two-factor.command';
import { InvalidCredentialsError } from '../domain/identity.errors';
import type { IdentityConfig } from '../identity.config';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { AccountRepository } from '../queries/account.repository';

/** Who is asking, as the request says: the client's address (TRUST_PROXY honoured) and the request. */
export interface AuthClient {
  ip: string;
  requestId: string;
}

/**
 * Signing up, in and out, and recovering a password, each counted against its limits (config's
 * RATE_LIMIT_*, per client address and, where it names one, per e-mail).
 */
@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
    @Inject(RegisterTrainerHandler) private readonly registerTrainer: RegisterTrainerHandler,
    @Inject(SignInHandler) private readonly signIn: SignInHandler,
    @Inject(RefreshSessionHandler) private readonly refreshSession: RefreshSessionHandler,
    @Inject(RefreshTokens) private readonly refreshTokens: RefreshTokens,
    @Inject(ConfirmEmailHandler) private readonly confirmEmail: ConfirmEmailHandler,
    @Inject(RequestPasswordResetHandler)
    private readonly requestPasswordReset: RequestPasswordResetHandler,
    @Inject(ResetPasswordHandler) private readonly resetPassword: ResetPasswordHandler,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(TwoFactorHandler) private readonly twoFactor: TwoFactorHandler,
    @Inject(AccessTokenService) private readonly accessTokens: AccessTokenService,
  ) {}

  async signUp(input: ParsedInputOf<typeof identityApi.signUp>['body'], client: AuthClient, now: Date) {
    await this.rateLimiter.hit('signup', client.ip, this.config.RATE_LIMIT_SIGNUP);
    const trainer = await this.registerTrainer.execute(input, now, client.requestId);
    return {
      user: await this.accounts.me({
        userId: trainer.userId,
        tenantId: trainer.tenantId,
        role: 'personal',
      }),
      emailConfirmation: {
        sent: trainer.confirmationSent,
        required: requiresEmailConfirmation(this.config),
      },
    };
  }

  /**
   * Only failures count against the limits (a right password gives its attempt back): per client
   * address whatever the e-mail, and per (e-mail, address). Ten wrong passwords for an e-mail from
   * one address lock that address out of that e-mail for the window; its owner still signs in
   * from anywhere else. Counted before the check, so concurrent guesses cannot slip under the limit.
   */
  async login(input: ParsedInputOf<typeof identityApi.login>['body'], ip: string, now: Date) {
    const attempt = await this.rateLimiter.count([
      this.loginsFrom(ip),
      {
        action: 'login-email',
        subject: `${input.email}|${ip}`,
        setting: this.config.RATE_LIMIT_LOGIN_PER_EMAIL,
      },
    ]);
    return this.onlyFailuresCount(attempt, InvalidCredentialsError, () =>
      this.signIn.execute(input, now),
    );
  }

  /** Second step of a sign-in with two-factor on: the challenge from login and a code. */
  async verifyMfa(input: ParsedInputOf<typeof identityApi.verifyMfa>['body'], ip: string, now: Date) {
    const attempt = await this.rateLimiter.count([this.loginsFrom(ip)]);
    return this.onlyFailuresCount(attempt, InvalidMfaCodeError, () =>
      this.twoFactor.verifyChallenge(input.challengeToken, input.code, now),
    );
  }

  refresh(refreshToken: string | undefined, now: Date) {
    return this.refreshSession.execute(refreshToken, now);
  }

  /** Ends the cookie's session and, for a client without it (another app, a script), the access token's. */
  async logout(refreshToken: string | undefined, authorization: string | undefined): Promise<void> {
    if (refreshToken) await this.refreshTokens.revokeFamilyOf(refreshToken);
    const access = this.verifiedAccess(authorization);
    if (access) await this.refreshTokens.endSession(access.sessionId, access.user.userId);
  }

  /** Whether the confirmation e-mail's link confirmed an address. */
  async confirm(token: string | undefined): Promise<boolean> {
    return typeof token === 'string' && token.length > 0 && (await this.confirmEmail.execute(token));
  }

  async recover(email: string, ip: string, now: Date) {
    await this.rateLimiter.hit('recover-address', ip, this.config.RATE_LIMIT_RECOVER);
    await this.rateLimiter.hit('recover-email', email, this.config.RATE_LIMIT_RECOVER);
    await this.requestPasswordReset.execute(email, now);
    return {
      message: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
    };
  }

  async reset(input: ParsedInputOf<typeof identityApi.reset>['body'], ip: string) {
    await this.rateLimiter.hit('reset', ip, this.config.RATE_LIMIT_RESET);
    await this.resetPassword.execute(input.token, input.password);
    return { message: 'Senha redefinida com sucesso. Faça login com a nova senha.' };
  }

  /** The sign-in attempts from the client's address, whatever the e-mail. */
  private loginsFrom(ip: string): RateLimitHit {
    return {
      action: 'login-address',
      subject: ip,
      setting: this.config.RATE_LIMIT_LOGIN_PER_ADDRESS,
    };
  }

  /** Runs `work`; the counted attempt stays counted only when it fails with `failure`. */
  private async onlyFailuresCount<T>(
    attempt: CountedAttempt,
    failure: abstract new (...args: never[]) => Error,
    work: () => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (!(error instanceof failure)) await attempt.refund();
      throw error;
    }
    await attempt.refund();
    return result;
  }

  private verifiedAccess(authorization: string | undefined) {
    const token = bearerTokenOf(authorization);
    if (!token) return undefined;
    try {
      return this.accessTokens.verify(token);
    } catch {
      return undefined;
    }
  }
}

import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import type { IdentityConfig } from './identity.config';
import { requiresEmailConfirmation } from './commands/sign-in.command';
import { ConfirmEmailHandler } from './commands/confirm-email.command';
import { RefreshSessionHandler } from './commands/refresh-session.command';
import { RegisterTrainerHandler } from './commands/register-trainer.command';
import { RequestPasswordResetHandler } from './commands/request-password-reset.command';
import { ResetPasswordHandler } from './commands/reset-password.command';
import type { Session } from './commands/session-starter';
import { SignInHandler } from './commands/sign-in.command';
import { InvalidMfaCodeError, TwoFactorHandler } from './commands/two-factor.command';
import { identityApi, type SessionAnswer } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { AccessTokenService, type VerifiedAccess } from '../platform/auth/access-token.service';
import { bearerTokenOf } from '../platform/auth/auth.guards';
import { Implements, Input } from '../platform/http/implements';
import { InvalidCredentialsError } from './domain/identity.errors';
import { type CountedAttempt, RateLimiter, type RateLimitHit } from '../platform/http/rate-limiter';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  setRefreshCookie,
} from './infrastructure/refresh-cookie';
import { RefreshTokens } from './infrastructure/refresh-tokens';
import { AccountRepository } from './queries/account.repository';

@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly rateLimiter: RateLimiter,
    private readonly registerTrainer: RegisterTrainerHandler,
    private readonly signIn: SignInHandler,
    private readonly refreshSession: RefreshSessionHandler,
    private readonly refreshTokens: RefreshTokens,
    private readonly confirmEmail: ConfirmEmailHandler,
    private readonly requestPasswordReset: RequestPasswordResetHandler,
    private readonly resetPassword: ResetPasswordHandler,
    private readonly accounts: AccountRepository,
    private readonly twoFactor: TwoFactorHandler,
    private readonly accessTokens: AccessTokenService,
  ) {}

  @Implements(identityApi.signUp)
  async signUp(
    @Input() { body: input }: ParsedInputOf<typeof identityApi.signUp>,
    @Req() request: FastifyRequest,
  ) {
    await this.rateLimiter.hit('signup', request.ip, this.config.RATE_LIMIT_SIGNUP);
    const trainer = await this.registerTrainer.execute(input, new Date(), request.id);
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
  @Implements(identityApi.login)
  async login(
    @Input() { body: input }: ParsedInputOf<typeof identityApi.login>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const attempt = await this.rateLimiter.count([
      this.loginsFrom(request),
      {
        action: 'login-email',
        subject: `${input.email}|${request.ip}`,
        setting: this.config.RATE_LIMIT_LOGIN_PER_EMAIL,
      },
    ]);
    const result = await this.onlyFailuresCount(attempt, InvalidCredentialsError, () =>
      this.signIn.execute(input, new Date()),
    );
    return 'session' in result ? this.answerWithSession(reply, result.session) : result;
  }

  /** Second step of a sign-in with two-factor on: the challenge from login and a code. */
  @Implements(identityApi.verifyMfa)
  async verifyMfa(
    @Input() { body: input }: ParsedInputOf<typeof identityApi.verifyMfa>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const attempt = await this.rateLimiter.count([this.loginsFrom(request)]);
    const session = await this.onlyFailuresCount(attempt, InvalidMfaCodeError, () =>
      this.twoFactor.verifyChallenge(input.challengeToken, input.code, new Date()),
    );
    return this.answerWithSession(reply, session);
  }

  @Implements(identityApi.refresh)
  async refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      return this.answerWithSession(
        reply,
        await this.refreshSession.execute(request.cookies[REFRESH_COOKIE], new Date()),
      );
    } catch (error) {
      clearRefreshCookie(reply, this.config);
      throw error;
    }
  }

  @Implements(identityApi.logout)
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await this.refreshTokens.revokeFamilyOf(token);
    // A client without the cookie (another app, a script) signs out with its access token.
    const access = this.bearerOf(request);
    if (access) await this.refreshTokens.endSession(access.sessionId, access.user.userId);
    clearRefreshCookie(reply, this.config);
  }

  /** The link in the confirmation e-mail lands here, then on the sign-in page. */
  @Implements(identityApi.confirm)
  async confirm(
    @Input() { query: { token } }: ParsedInputOf<typeof identityApi.confirm>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const confirmed =
      typeof token === 'string' && token.length > 0 && (await this.confirmEmail.execute(token));
    await reply.redirect(confirmed ? '/auth?confirmed=1' : '/auth?confirmed=0', 302);
  }

  @Implements(identityApi.recover)
  async recover(
    @Input() { body: input }: ParsedInputOf<typeof identityApi.recover>,
    @Req() request: FastifyRequest,
  ) {
    await this.rateLimiter.hit('recover-address', request.ip, this.config.RATE_LIMIT_RECOVER);
    await this.rateLimiter.hit('recover-email', input.email, this.config.RATE_LIMIT_RECOVER);
    await this.requestPasswordReset.execute(input.email, new Date());
    return {
      message: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
    };
  }

  @Implements(identityApi.reset)
  async reset(
    @Input() { body: input }: ParsedInputOf<typeof identityApi.reset>,
    @Req() request: FastifyRequest,
  ) {
    await this.rateLimiter.hit('reset', request.ip, this.config.RATE_LIMIT_RESET);
    await this.resetPassword.execute(input.token, input.password);
    return { message: 'Senha redefinida com sucesso. Faça login com a nova senha.' };
  }

  /** The sign-in attempts from the client's address, whatever the e-mail. */
  private loginsFrom(request: FastifyRequest): RateLimitHit {
    return {
      action: 'login-address',
      subject: request.ip,
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

  private bearerOf(request: FastifyRequest): VerifiedAccess | undefined {
    const token = bearerTokenOf(request.headers.authorization);
    if (!token) return undefined;
    try {
      return this.accessTokens.verify(token);
    } catch {
      return undefined;
    }
  }

  private answerWithSession(reply: FastifyReply, session: Session): SessionAnswer {
    setRefreshCookie(reply, this.config, session.refreshToken);
    return { accessToken: session.accessToken, user: session.user };
  }
}

import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import { identityApi, type SessionAnswer } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input } from '../platform/http/implements';
import { AuthService } from './application/auth.service';
import type { Session } from './commands/session-starter';
import type { IdentityConfig } from './identity.config';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  setRefreshCookie,
} from './infrastructure/refresh-cookie';

@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  @Implements(identityApi.signUp)
  signUp(
    @Input() { body }: ParsedInputOf<typeof identityApi.signUp>,
    @Req() request: FastifyRequest,
  ) {
    return this.auth.signUp(body, { ip: request.ip, requestId: request.id }, new Date());
  }

  @Implements(identityApi.login)
  async login(
    @Input() { body }: ParsedInputOf<typeof identityApi.login>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const result = await this.auth.login(body, request.ip, new Date());
    return 'session' in result ? this.answerWithSession(reply, result.session) : result;
  }

  /** Second step of a sign-in with two-factor on: the challenge from login and a code. */
  @Implements(identityApi.verifyMfa)
  async verifyMfa(
    @Input() { body }: ParsedInputOf<typeof identityApi.verifyMfa>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.answerWithSession(reply, await this.auth.verifyMfa(body, request.ip, new Date()));
  }

  @Implements(identityApi.refresh)
  async refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      return this.answerWithSession(
        reply,
        await this.auth.refresh(request.cookies[REFRESH_COOKIE], new Date()),
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
    await this.auth.logout(request.cookies[REFRESH_COOKIE], request.headers.authorization);
    clearRefreshCookie(reply, this.config);
  }

  /** The link in the confirmation e-mail lands here, then on the sign-in page. */
  @Implements(identityApi.confirm)
  async confirm(
    @Input() { query: { token } }: ParsedInputOf<typeof identityApi.confirm>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const confirmed = await this.auth.confirm(token);
    await reply.redirect(confirmed ? '/auth?confirmed=1' : '/auth?confirmed=0', 302);
  }

  @Implements(identityApi.recover)
  recover(
    @Input() { body }: ParsedInputOf<typeof identityApi.recover>,
    @Req() request: FastifyRequest,
  ) {
    return this.auth.recover(body.email, request.ip, new Date());
  }

  @Implements(identityApi.reset)
  reset(
    @Input() { body }: ParsedInputOf<typeof identityApi.reset>,
    @Req() request: FastifyRequest,
  ) {
    return this.auth.reset(body, request.ip);
  }

  private answerWithSession(reply: FastifyReply, session: Session): SessionAnswer {
    setRefreshCookie(reply, this.config, session.refreshToken);
    return { accessToken: session.accessToken, user: session.user };
  }
}

import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import type { IdentityConfig } from './identity.config';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input } from '../platform/http/implements';
import { ProviderSignIn } from './application/provider-sign-in.service';
import { setRefreshCookie } from './infrastructure/refresh-cookie';

const STATE_COOKIE = 'vira_oidc_state';
const STATE_COOKIE_MAX_AGE_SECONDS = 10 * 60;

@Controller()
export class IdentityProvidersController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(ProviderSignIn) private readonly providers: ProviderSignIn,
  ) {}

  /** Sends the browser to the provider (OpenID Connect, code + PKCE). */
  @Implements(identityApi.startProvider)
  async start(
    @Input() { params }: ParsedInputOf<typeof identityApi.startProvider>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const provider = this.providers.enabled(params.provider);
    const started = await this.providers.start(provider);
    reply.setCookie(STATE_COOKIE, started.state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      path: `/api/auth/providers/${provider}`,
      maxAge: STATE_COOKIE_MAX_AGE_SECONDS,
    });
    await reply.redirect(started.authorizationUrl, 302);
  }

  /**
   * The provider sends the browser back here: signed in, it lands on `/`; with two-factor on, on
   * `/auth?mfa=<challengeToken>`; otherwise on `/auth?error=provider_failed|email_not_verified`.
   */
  @Implements(identityApi.providerCallback)
  async callback(
    @Input() { params }: ParsedInputOf<typeof identityApi.providerCallback>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const provider = this.providers.enabled(params.provider);
    reply.clearCookie(STATE_COOKIE, { path: `/api/auth/providers/${provider}` });
    const result = await this.providers.finish(
      provider,
      new URL(request.url, this.config.APP_URL),
      request.cookies[STATE_COOKIE],
      new Date(),
      request.id,
    );
    if ('failed' in result) {
      await reply.redirect(`/auth?error=${result.failed}`, 302);
    } else if ('mfaRequired' in result) {
      // The sign-in page asks for the code and completes it at POST /api/auth/mfa/verify.
      await reply.redirect(`/auth?mfa=${encodeURIComponent(result.challengeToken)}`, 302);
    } else {
      setRefreshCookie(reply, this.config, result.session.refreshToken);
      await reply.redirect('/', 302);
    }
  }
}

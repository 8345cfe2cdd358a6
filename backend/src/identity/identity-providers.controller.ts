import { Controller, HttpStatus, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import type { IdentityConfig } from './identity.config';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input } from '../platform/http/implements';
import {
  DomainError,
  NotFoundError,
  ServiceUnavailableError,
} from '../platform/errors/domain-error';
import {
  ProviderSignInFailed,
  SignInWithProviderHandler,
} from './commands/sign-in-with-provider.command';
import {
  IdentityProviders,
  isProviderName,
  PROVIDER_LABELS,
  type ProviderName,
} from './infrastructure/identity-providers';
import { setRefreshCookie } from './infrastructure/refresh-cookie';

const STATE_COOKIE = 'vira_oidc_state';
const STATE_COOKIE_MAX_AGE_SECONDS = 10 * 60;

@Controller()
export class IdentityProvidersController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly providers: IdentityProviders,
    private readonly signInWithProvider: SignInWithProviderHandler,
  ) {}

  /** Sends the browser to the provider (OpenID Connect, code + PKCE). */
  @Implements(identityApi.startProvider)
  async start(
    @Input() { params }: ParsedInputOf<typeof identityApi.startProvider>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const provider = this.enabledProvider(params.provider);
    let started: { authorizationUrl: string; state: string };
    try {
      started = await this.signInWithProvider.start(provider);
    } catch (error) {
      // Our own Redis, not the provider, failed: say so (503) rather than blame the provider.
      if (error instanceof ServiceUnavailableError) throw error;
      throw new DomainError(
        'provider_failed',
        'Não foi possível fazer login. Tente novamente.',
        HttpStatus.BAD_GATEWAY,
      );
    }
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
    const provider = this.enabledProvider(params.provider);
    reply.clearCookie(STATE_COOKIE, { path: `/api/auth/providers/${provider}` });
    try {
      const result = await this.signInWithProvider.finish(
        provider,
        new URL(request.url, this.config.APP_URL),
        request.cookies[STATE_COOKIE],
        new Date(),
        request.id,
      );
      if ('mfaRequired' in result) {
        // The sign-in page asks for the code and completes it at POST /api/auth/mfa/verify.
        await reply.redirect(`/auth?mfa=${encodeURIComponent(result.challengeToken)}`, 302);
        return;
      }
      setRefreshCookie(reply, this.config, result.session.refreshToken);
      await reply.redirect('/', 302);
    } catch (error) {
      if (!(error instanceof ProviderSignInFailed)) throw error;
      await reply.redirect(`/auth?error=${error.reason}`, 302);
    }
  }

  private enabledProvider(name: string): ProviderName {
    if (!isProviderName(name)) throw new NotFoundError('Provedor');
    if (!this.providers.isEnabled(name)) {
      throw new DomainError(
        'provider_not_enabled',
        `Login com ${PROVIDER_LABELS[name]} não está configurado. Use e-mail e senha.`,
        HttpStatus.BAD_REQUEST,
      );
    }
    return name;
  }
}

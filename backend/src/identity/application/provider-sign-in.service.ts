import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../platform/errors/domain-error';
import {
  ProviderSignInFailed,
  SignInWithProviderHandler,
} from '../commands/sign-in-with-provider.command';
import type { SignInResult } from '../commands/sign-in.command';
import {
  IdentityProviders,
  isProviderName,
  PROVIDER_LABELS,
  type ProviderName,
} from '../infrastructure/identity-providers';

/** Signing in with Google or Apple (OpenID Connect, code + PKCE). */
@Injectable()
export class ProviderSignIn {
  constructor(
    @Inject(IdentityProviders) private readonly providers: IdentityProviders,
    @Inject(SignInWithProviderHandler) private readonly signIn: SignInWithProviderHandler,
  ) {}

  /** The provider a route names: 404 for no such provider, 400 provider_not_enabled for one not configured. */
  enabled(name: string): ProviderName {
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

  /** Where to send the browser, and the state it must bring back. */
  async start(provider: ProviderName): Promise<{ authorizationUrl: string; state: string }> {
    try {
      return await this.signIn.start(provider);
    } catch (error) {
      // Our own Redis, not the provider, failed: say so (503) rather than blame the provider.
      if (error instanceof ServiceUnavailableError) throw error;
      throw new DomainError(
        'provider_failed',
        'Não foi possível fazer login. Tente novamente.',
        HttpStatus.BAD_GATEWAY,
      );
    }
  }

  /** The provider's answer, signed in (or a two-factor challenge), or why not. */
  async finish(
    provider: ProviderName,
    callbackUrl: URL,
    browserState: string | undefined,
    now: Date,
    correlationId: string,
  ): Promise<SignInResult | { failed: ProviderSignInFailed['reason'] }> {
    try {
      return await this.signIn.finish(provider, callbackUrl, browserState, now, correlationId);
    } catch (error) {
      if (!(error instanceof ProviderSignInFailed)) throw error;
      return { failed: error.reason };
    }
  }
}

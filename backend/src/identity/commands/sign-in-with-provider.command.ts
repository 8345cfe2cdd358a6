import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { IdentityProviders, type ProviderName } from '../infrastructure/identity-providers';
import {
  type PendingSignIn,
  PendingProviderSignIns,
} from '../infrastructure/pending-provider-sign-ins';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { AccountRepository } from '../queries/account.repository';
import { RegisterTrainerHandler } from './register-trainer.command';
import { SessionStarter } from './session-starter';
import type { SignInResult } from './sign-in.command';
import { TwoFactorHandler } from './two-factor.command';

/** Why a provider sign-in ended without a session; the SPA shows the matching message. */
export class ProviderSignInFailed extends Error {
  constructor(readonly reason: 'provider_failed' | 'email_not_verified') {
    super(reason);
  }
}

/**
 * OpenID Connect authorization code flow with PKCE: `start` sends the browser to the provider,
 * `finish` takes the code back, checks state, nonce and the ID token, then signs in the user
 * linked to that account, or links / creates one by the provider-verified e-mail.
 */
@Injectable()
export class SignInWithProviderHandler {
  private readonly logger = new Logger('SignInWithProvider');

  constructor(
    @Inject(PendingProviderSignIns) private readonly pendingSignIns: PendingProviderSignIns,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(IdentityProviders) private readonly providers: IdentityProviders,
    @Inject(RegisterTrainerHandler) private readonly registerTrainer: RegisterTrainerHandler,
    @Inject(RefreshTokens) private readonly refreshTokens: RefreshTokens,
    @Inject(SessionStarter) private readonly sessions: SessionStarter,
    @Inject(TwoFactorHandler) private readonly twoFactor: TwoFactorHandler,
  ) {}

  /** The provider's authorization URL and the state to bind to this browser. */
  async start(provider: ProviderName): Promise<{ authorizationUrl: string; state: string }> {
    const configuration = await this.providers.configuration(provider);
    const pending: PendingSignIn = {
      provider,
      codeVerifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
    };
    const state = oidc.randomState();
    await this.pendingSignIns.save(state, pending);
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.providers.redirectUri(provider),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce: pending.nonce,
    });
    return { authorizationUrl: authorizationUrl.toString(), state };
  }

  async finish(
    provider: ProviderName,
    callbackUrl: URL,
    browserState: string | undefined,
    now: Date,
    correlationId: string,
  ): Promise<SignInResult> {
    const state = callbackUrl.searchParams.get('state');
    // The state must come back to the same browser that started (login CSRF) and is used once.
    if (!state || state !== browserState) throw new ProviderSignInFailed('provider_failed');
    const pending = await this.pendingSignIns.take(state);
    if (!pending || pending.provider !== provider)
      throw new ProviderSignInFailed('provider_failed');

    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        await this.providers.configuration(provider),
        callbackUrl,
        {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: this.providers.redirectUri(provider) },
      );
      claims = tokens.claims();
    } catch (error) {
      this.logger.warn(
        `Login com ${provider} recusado: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw new ProviderSignInFailed('provider_failed');
    }
    if (!claims) throw new ProviderSignInFailed('provider_failed');

    const userId = await this.userFor(provider, claims, now, correlationId);
    // The provider replaces the password, not the second factor.
    if (await this.twoFactor.isEnabled(userId)) {
      return { mfaRequired: true, challengeToken: await this.twoFactor.startChallenge(userId) };
    }
    return {
      session: await this.sessions.sessionFor(userId, await this.refreshTokens.issue(userId, now)),
    };
  }

  /** The user linked to this provider account; else the one with its verified e-mail; else a new trainer. */
  private async userFor(
    provider: ProviderName,
    claims: oidc.IDToken,
    now: Date,
    correlationId: string,
  ): Promise<string> {
    const subject = claims.sub;
    const linked = await this.accounts.userLinkedTo(provider, subject);
    if (linked) return linked;

    // Only an address the provider vouches for may reach an existing account.
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    if (!email || claims.email_verified !== true)
      throw new ProviderSignInFailed('email_not_verified');
    const existing = await this.accounts.linkIdentityByEmail(provider, subject, email);
    if (existing) return existing;

    const nome =
      typeof claims.name === 'string' && claims.name.trim()
        ? claims.name.trim()
        : email.split('@')[0];
    const trainer = await this.registerTrainer.registerFromProvider(
      { nome, email, provider, subject },
      now,
      correlationId,
    );
    return trainer.userId;
  }
}

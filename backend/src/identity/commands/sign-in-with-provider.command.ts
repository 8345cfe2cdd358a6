import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { REDIS } from '../../platform/queue/queue.module';
import { IdentityProviders, type ProviderName } from '../infrastructure/identity-providers';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { RegisterTrainerHandler } from './register-trainer.command';
import { SessionStarter } from './session-starter';
import type { SignInResult } from './sign-in.command';
import { TwoFactorHandler } from './two-factor.command';

const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

interface PendingSignIn {
  provider: ProviderName;
  codeVerifier: string;
  nonce: string;
}

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(DATABASE) private readonly db: Db,
    private readonly providers: IdentityProviders,
    private readonly registerTrainer: RegisterTrainerHandler,
    private readonly refreshTokens: RefreshTokens,
    private readonly sessions: SessionStarter,
    private readonly twoFactor: TwoFactorHandler,
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
    await this.redis.set(
      this.pendingKey(state),
      JSON.stringify(pending),
      'PX',
      PENDING_SIGN_IN_TTL_MS,
    );
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
  ): Promise<SignInResult> {
    const state = callbackUrl.searchParams.get('state');
    // The state must come back to the same browser that started (login CSRF) and is used once.
    if (!state || state !== browserState) throw new ProviderSignInFailed('provider_failed');
    const stored = await this.redis.getdel(this.pendingKey(state));
    const pending = stored ? (JSON.parse(stored) as PendingSignIn) : undefined;
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

    const userId = await this.userFor(provider, claims, now);
    // The provider replaces the password, not the second factor.
    if (await this.twoFactor.isEnabled(userId)) {
      return { mfaRequired: true, challengeToken: await this.twoFactor.startChallenge(userId) };
    }
    return {
      session: await this.sessions.sessionFor(userId, await this.refreshTokens.issue(userId, now)),
    };
  }

  private userFor(provider: ProviderName, claims: oidc.IDToken, now: Date): Promise<string> {
    const subject = claims.sub;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    return this.db.transaction().execute(async (trx) => {
      const linked = await trx
        .selectFrom('userIdentities')
        .select('userId')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      if (linked) return linked.userId;

      // Only an address the provider vouches for may reach an existing account.
      if (!email || claims.email_verified !== true)
        throw new ProviderSignInFailed('email_not_verified');
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing) {
        await trx
          .insertInto('userIdentities')
          .values({ provider, subject, userId: existing.id, email })
          .execute();
        await trx
          .updateTable('users')
          .set({ emailConfirmedAt: sql`coalesce(email_confirmed_at, now())` })
          .where('id', '=', existing.id)
          .execute();
        return existing.id;
      }
      const nome =
        typeof claims.name === 'string' && claims.name.trim()
          ? claims.name.trim()
          : email.split('@')[0];
      const trainer = await this.registerTrainer.registerFromProvider(
        { nome, email, provider, subject },
        now,
        trx,
      );
      return trainer.userId;
    });
  }

  private pendingKey(state: string): string {
    return `${this.config.REDIS_PREFIX}:oidc-pending:${state}`;
  }
}

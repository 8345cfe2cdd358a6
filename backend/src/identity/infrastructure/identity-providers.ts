import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';

export const PROVIDER_NAMES = ['google', 'apple'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const PROVIDER_LABELS: Record<ProviderName, string> = { google: 'Google', apple: 'Apple' };

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

interface ProviderSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
}

/** OpenID Connect client configurations, discovered once per provider and cached. */
@Injectable()
export class IdentityProviders {
  private readonly configurations = new Map<ProviderName, Promise<oidc.Configuration>>();

  constructor(@Inject(APP_CONFIG) private readonly config: IdentityConfig) {}

  isEnabled(provider: ProviderName): boolean {
    return this.settings(provider) !== undefined;
  }

  redirectUri(provider: ProviderName): string {
    return new URL(`/api/auth/providers/${provider}/callback`, this.config.APP_URL).toString();
  }

  configuration(provider: ProviderName): Promise<oidc.Configuration> {
    let configuration = this.configurations.get(provider);
    if (!configuration) {
      const settings = this.settings(provider);
      if (!settings) throw new Error(`provider ${provider} not configured`);
      // Plain-http issuers exist only on loopback in tests and local development.
      const insecure =
        settings.issuer.protocol === 'http:' && this.config.NODE_ENV !== 'production';
      configuration = oidc.discovery(
        settings.issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
        },
      );
      // A failed discovery is retried on the next sign-in instead of being cached.
      configuration.catch(() => this.configurations.delete(provider));
      this.configurations.set(provider, configuration);
    }
    return configuration;
  }

  private settings(provider: ProviderName): ProviderSettings | undefined {
    const [clientId, clientSecret, issuer] =
      provider === 'google'
        ? [
            this.config.GOOGLE_CLIENT_ID,
            this.config.GOOGLE_CLIENT_SECRET,
            this.config.GOOGLE_ISSUER_URL,
          ]
        : [
            this.config.APPLE_CLIENT_ID,
            this.config.APPLE_CLIENT_SECRET,
            this.config.APPLE_ISSUER_URL,
          ];
    return clientId && clientSecret
      ? { issuer: new URL(issuer), clientId, clientSecret }
      : undefined;
  }
}

import { env } from '../../../config/env';

export type IdentityProvider = 'google' | 'apple';

export const providerNames: Record<IdentityProvider, string> = { google: 'Google', apple: 'Apple' };

export function providerUrl(provider: IdentityProvider): string {
  return `${env.apiBaseUrl}/auth/providers/${provider}`;
}

export type ProviderCheck = 'available' | 'not-enabled' | 'failed';

/**
 * Asks the server whether the provider is set up before leaving the page: it answers 400
 * provider_not_enabled when it is not, and a redirect to the provider when it is.
 */
export async function checkProvider(provider: IdentityProvider): Promise<ProviderCheck> {
  try {
    const response = await fetch(providerUrl(provider), { redirect: 'manual', credentials: 'include' });
    if (response.type === 'opaqueredirect' || response.ok || (response.status >= 300 && response.status < 400)) {
      return 'available';
    }
    if (response.status === 400) return 'not-enabled';
    return 'failed';
  } catch {
    return 'failed';
  }
}

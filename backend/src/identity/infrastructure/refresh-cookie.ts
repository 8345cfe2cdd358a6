import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AppConfig } from '../../config/config';

export const REFRESH_COOKIE = 'vira_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

export function refreshCookieOptions(config: AppConfig, expiresAt?: Date): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
    path: REFRESH_COOKIE_PATH,
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

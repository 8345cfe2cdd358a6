import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { IdentityConfig } from '../identity.config';
import type { IssuedRefreshToken } from './refresh-tokens';

export const REFRESH_COOKIE = 'vira_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

export function refreshCookieOptions(
  config: IdentityConfig,
  expiresAt?: Date,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
    path: REFRESH_COOKIE_PATH,
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

export function setRefreshCookie(
  reply: FastifyReply,
  config: IdentityConfig,
  refreshToken: IssuedRefreshToken,
): void {
  reply.setCookie(
    REFRESH_COOKIE,
    refreshToken.token,
    refreshCookieOptions(config, refreshToken.expiresAt),
  );
}

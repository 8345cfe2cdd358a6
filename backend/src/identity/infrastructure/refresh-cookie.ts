import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION_MARKER_COOKIE } from '../../contracts/session';
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

/**
 * The session marker (contracts/session.ts) has the refresh cookie's SameSite, Secure and expiry;
 * its path is `/`, not `/api/auth`: `document.cookie` on the SPA's pages only shows cookies whose
 * path covers the page.
 */
function sessionMarkerOptions(config: IdentityConfig, expiresAt?: Date): CookieSerializeOptions {
  return { ...refreshCookieOptions(config, expiresAt), httpOnly: false, path: '/' };
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
  reply.setCookie(SESSION_MARKER_COOKIE, '1', sessionMarkerOptions(config, refreshToken.expiresAt));
}

export function clearRefreshCookie(reply: FastifyReply, config: IdentityConfig): void {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(config));
  reply.clearCookie(SESSION_MARKER_COOKIE, sessionMarkerOptions(config));
}

import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { IssuedRefreshToken } from './refresh-tokens';

export const REFRESH_COOKIE = 'vira_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * Companion of the refresh cookie that the SPA can read (not httpOnly, no secret: its value is
 * `1`): set and cleared with it, with the same SameSite, Secure and expiry, so a page load calls
 * POST /api/auth/refresh only when a session may exist. Its path is `/`, not the refresh cookie's
 * `/api/auth`: `document.cookie` on the SPA's pages only shows cookies whose path covers the page.
 */
export const SESSION_MARKER_COOKIE = 'vira_session';

export function refreshCookieOptions(config: AppConfig, expiresAt?: Date): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
    path: REFRESH_COOKIE_PATH,
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

function sessionMarkerOptions(config: AppConfig, expiresAt?: Date): CookieSerializeOptions {
  return { ...refreshCookieOptions(config, expiresAt), httpOnly: false, path: '/' };
}

export function setRefreshCookie(
  reply: FastifyReply,
  config: AppConfig,
  refreshToken: IssuedRefreshToken,
): void {
  reply.setCookie(
    REFRESH_COOKIE,
    refreshToken.token,
    refreshCookieOptions(config, refreshToken.expiresAt),
  );
  reply.setCookie(SESSION_MARKER_COOKIE, '1', sessionMarkerOptions(config, refreshToken.expiresAt));
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(config));
  reply.clearCookie(SESSION_MARKER_COOKIE, sessionMarkerOptions(config));
}

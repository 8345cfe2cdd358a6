import type { Me, Role } from '@contracts/identity/api';
import { SESSION_MARKER_COOKIE } from '@contracts/session';
import { create } from 'zustand';
import { env } from '../config/env';
import { ApiError } from './api-error';
import { isOffline } from './network';

/**
 * `offline`: a session exists on this device (its marker is set) but no token could be obtained
 * for lack of network; the app shows what it last synced and tries again when the browser is back
 * online. A session ends only when the server says so, never because the network was away.
 */
export type SessionStatus = 'loading' | 'signed-in' | 'offline' | 'signed-out';

/**
 * The session on this device: its status and access token (client state). The profile is server
 * state and lives in the query cache (lib/me.ts).
 */
export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  /**
   * The user ended the session here (Sair): the next sign-in starts at home, not on the page they
   * left. A session that expired or was ended elsewhere goes back there.
   */
  signedOutByUser: boolean;
  /** Restores the session from the refresh cookie, when the API marked one. */
  load: () => Promise<void>;
  /** Starts a session from a fresh access token (after login). */
  signIn: (accessToken: string) => void;
  /**
   * Rotates the refresh cookie; one request at a time. Resolves to the new token, or null when the
   * server ended the session; rejects (and the session goes `offline`) when the server is unreachable.
   */
  refresh: () => Promise<string | null>;
  /** Ends the session on the server and locally; throws when the server fails for another reason than a gone session. */
  signOut: () => Promise<void>;
  /** Clears the local session only. */
  clear: () => void;
  /**
   * Hears the profile each refresh answers with (`{ accessToken, user }`: the same as GET /api/me's
   * answer). The profile stays server state: app/session-cache.ts puts it in the query cache as that
   * read's, so a page load does not ask for it again. Answers the unsubscribe.
   */
  onProfile: (listener: (profile: Me, askedAt: number) => void) => () => void;
}

const ACCESS_TOKEN_REFRESH_MARGIN_MS = 60_000;
/** Server answers that mean "this session is already gone": the local one is cleared anyway (spec 000 §8). */
const SESSION_GONE_STATUSES = new Set([401, 403, 404]);

/** The access token of a refresh answer `{ accessToken, user }`, or null. */
function accessTokenOf(body: unknown): string | null {
  const token = body && typeof body === 'object' ? (body as { accessToken?: unknown }).accessToken : undefined;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/** The user of a refresh answer `{ accessToken, user }` (the contract's Usuario), or null. */
function profileOf(body: unknown): Me | null {
  const user = body && typeof body === 'object' ? (body as { user?: unknown }).user : undefined;
  return user && typeof user === 'object' && typeof (user as { id?: unknown }).id === 'string' ? (user as Me) : null;
}

/**
 * The API sets this readable companion of its httpOnly refresh cookie (no secret in it) and clears
 * it with it: without it there is no session to restore, and a page load skips POST /auth/refresh.
 */
export { SESSION_MARKER_COOKIE };

export function hasSessionMarker(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().split('=')[0] === SESSION_MARKER_COOKIE);
}

/** The access token's claims as sent, unverified: the API verifies them on every request. */
function claimsOf(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function accessTokenExpiry(token: string): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** Whose pages the token opens (routing only), without waiting for the profile. */
export function accessTokenRole(token: string): Role | null {
  const role = claimsOf(token)?.role;
  return role === 'personal' || role === 'aluno' ? role : null;
}

export function createSessionStore(apiBaseUrl: string) {
  let refreshInFlight: Promise<string | null> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** A sign-out is on its way to the server. */
  let endingSession = false;
  const profileListeners = new Set<(profile: Me, askedAt: number) => void>();

  return create<SessionState>()((set, get) => {
    const scheduleSilentRefresh = (token: string) => {
      clearTimeout(refreshTimer);
      const expiresAt = accessTokenExpiry(token);
      if (expiresAt === null) return;
      const delay = Math.max(expiresAt - Date.now() - ACCESS_TOKEN_REFRESH_MARGIN_MS, 0);
      refreshTimer = setTimeout(
        () =>
          void get()
            .refresh()
            .catch(() => undefined),
        delay,
      );
    };

    const clear = (byUser = false) => {
      clearTimeout(refreshTimer);
      set({ status: 'signed-out', accessToken: null, signedOutByUser: byUser });
    };

    const signIn = (token: string) => {
      set({ status: 'signed-in', accessToken: token, signedOutByUser: false });
      scheduleSilentRefresh(token);
    };

    /** The new token, null when the server ended the session; throws when the server cannot be reached. */
    const requestRefresh = async (): Promise<{ token: string | null; profile: Me | null; askedAt: number }> => {
      const askedAt = Date.now();
      const response = await fetch(`${apiBaseUrl}/auth/refresh`, { method: 'POST', credentials: 'include' });
      if (response.status >= 500) throw new Error(`refresh: ${response.status}`);
      if (!response.ok) return { token: null, profile: null, askedAt };
      const body: unknown = await response.json();
      return { token: accessTokenOf(body), profile: profileOf(body), askedAt };
    };

    let retryWhenOnline: (() => void) | undefined;
    const goOffline = () => {
      clearTimeout(refreshTimer);
      set({ status: 'offline', accessToken: null });
      if (retryWhenOnline || typeof window === 'undefined') return;
      retryWhenOnline = () => {
        window.removeEventListener('online', retryWhenOnline!);
        retryWhenOnline = undefined;
        void get().load();
      };
      window.addEventListener('online', retryWhenOnline);
    };

    return {
      status: 'loading',
      accessToken: null,
      signedOutByUser: false,

      load: async () => {
        if (!hasSessionMarker()) {
          clear();
          return;
        }
        // The browser knows it has no network: no doomed request, the session waits for it.
        if (isOffline()) {
          goOffline();
          return;
        }
        if (get().status !== 'offline') set({ status: 'loading' });
        const token = await get()
          .refresh()
          .catch(() => undefined);
        if (token) signIn(token);
      },

      signIn,

      refresh: () => {
        // A session that has ended, or is being ended, is not renewed: a request that got its 401
        // after the sign-out (or while the sign-out was on its way) asks nothing more.
        if (get().status === 'signed-out' || endingSession) return Promise.resolve(null);
        refreshInFlight ??= requestRefresh()
          .then(
            ({ token, profile, askedAt }) => {
              if (token) {
                if (profile) for (const listener of profileListeners) listener(profile, askedAt);
                set({ accessToken: token });
                scheduleSilentRefresh(token);
              } else {
                clear();
              }
              return token;
            },
            (unreachable: unknown) => {
              goOffline();
              throw unreachable;
            },
          )
          .finally(() => {
            refreshInFlight = null;
          });
        return refreshInFlight;
      },

      signOut: async () => {
        const token = get().accessToken;
        endingSession = true;
        try {
          const response = await fetch(`${apiBaseUrl}/auth/logout`, {
            method: 'POST',
            credentials: 'include',
            headers: token ? { Authorization: `Bearer ${token}` } : {},
          });
          if (!response.ok && !SESSION_GONE_STATUSES.has(response.status)) {
            throw await ApiError.fromResponse(response);
          }
          clear(true);
        } finally {
          endingSession = false;
        }
      },

      clear: () => clear(),

      onProfile: (listener) => {
        profileListeners.add(listener);
        return () => profileListeners.delete(listener);
      },
    };
  });
}

export const useSession = createSessionStore(env.apiBaseUrl);

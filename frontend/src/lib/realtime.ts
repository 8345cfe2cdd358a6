import {
  CHANGE_TYPES,
  CHANGES_EVENT,
  JOINED_EVENT,
  type Change,
  type ChangesMessage,
  type ChangeType,
} from '@contracts/shared/realtime';
import { useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { env } from '../config/env';
import { fetchStartOf } from './fetch-starts';
import { markRealtimeJoined } from './realtime-joined';
import { useSession } from './session-store';
import { whenIdle } from './when-idle';

/**
 * For each change type, the query keys it makes stale. Typed on contracts' ChangeType, so a missing
 * type does not compile; the entities own the map (entities/changes.ts).
 */
export type InvalidationMap = Readonly<Record<ChangeType, readonly QueryKey[]>>;

/** The socket is opened when the page is next idle (on a slow phone, once the first screen shows its data), at the latest after this. */
const CONNECT_WHEN_IDLE_WITHIN_MS = 2_000;

/** How long to wait before trying again when the server could not check the session. */
const UNAVAILABLE_RETRY_MS = 5_000;

const isChangeType = (value: unknown): value is ChangeType => (CHANGE_TYPES as readonly unknown[]).includes(value);

/**
 * The worker's `changes` message (contracts/shared/realtime.ts), or null when malformed. Changes of types
 * this build does not know (a newer server) are dropped.
 */
export function parseChangesMessage(raw: unknown): ChangesMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const { projection, position, changes } = raw as Record<string, unknown>;
  if (typeof projection !== 'string' || typeof position !== 'number' || !Array.isArray(changes)) return null;
  const known = changes.filter(
    (change): change is Change =>
      !!change && typeof change === 'object' && isChangeType(change.type) && typeof change.id === 'string',
  );
  return { projection, position, changes: known.map(({ type, id }) => ({ type, id })) };
}

/** The `joined` message's age of the rooms' last change, in ms; null when the server cannot tell (or malformed). */
export function parseJoinedMessage(raw: unknown): number | null {
  const changedMsAgo = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).changedMsAgo : undefined;
  return typeof changedMsAgo === 'number' && Number.isFinite(changedMsAgo) && changedMsAgo >= 0 ? changedMsAgo : null;
}

/**
 * On the page's first joining: refetches what was read before the rooms last changed (`changedMsAgo`,
 * everything when unknown). What was read after it shows it; what was read before may have missed
 * it, its message pushed before this socket was there to hear.
 */
export function invalidateReadBefore(queryClient: QueryClient, changedMsAgo: number | null): Promise<void> {
  if (changedMsAgo === null) return queryClient.invalidateQueries();
  // The message took some time to arrive: the change was at least this long ago, never later.
  const changedAt = Date.now() - changedMsAgo;
  return queryClient.invalidateQueries({
    predicate: (query) => !((fetchStartOf(query) ?? Number.NEGATIVE_INFINITY) > changedAt),
  });
}

/**
 * A student's personal data was erased: every answer that names them (in its key or its data) goes.
 * Off screen it is dropped, so the copy saved on the device (app/offline) loses it with the cache; on
 * screen it is read again, blanked by the server.
 */
export async function forgetEveryCopyOf(queryClient: QueryClient, id: string): Promise<void> {
  const names = (query: Query) =>
    JSON.stringify(query.queryKey).includes(id) || (JSON.stringify(query.state.data) ?? '').includes(id);
  queryClient.removeQueries({ predicate: (query) => !query.isActive() && names(query) });
  await queryClient.invalidateQueries({ predicate: names });
}

export async function invalidateForChanges(
  queryClient: QueryClient,
  message: ChangesMessage,
  invalidates: InvalidationMap,
): Promise<void> {
  const keys = new Map<string, QueryKey>();
  const erased = new Set<string>();
  for (const { type, id } of message.changes) {
    if (type === 'erasure') erased.add(id);
    for (const key of invalidates[type]) keys.set(JSON.stringify(key), key);
  }
  await Promise.all([
    ...[...erased].map((id) => forgetEveryCopyOf(queryClient, id)),
    ...[...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/**
 * One socket.io connection while signed in; refetches the queries that show what changed. The
 * client library (and the map, when given as a loader) is fetched once the page is idle: nothing on
 * screen waits for it. A loader must be a stable function (defined at module level).
 */
export function useRealtimeInvalidation(invalidates: InvalidationMap | (() => Promise<InvalidationMap>)): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'signed-in');

  useEffect(() => {
    if (!signedIn) return;
    let socket: Socket | undefined;
    let stopped = false;
    let retriedAfterRefresh = false;

    // The client library and the map (when given as a loader) are fetched, and the socket opened, once
    // the page is idle: on a slow phone its handshake otherwise ran between the first screen and its
    // data. What changed before it joins is refetched on joining (invalidateReadBefore).
    const ready = whenIdle(CONNECT_WHEN_IDLE_WITHIN_MS).then(() =>
      Promise.all([import('socket.io-client'), typeof invalidates === 'function' ? invalidates() : invalidates]),
    );
    void ready.then(([{ io }, invalidatesByType]) => {
      if (stopped) return;
      const connection = io({
        path: env.socketPath,
        // Read on every attempt, so reconnections use the latest token.
        auth: (send) => send({ token: useSession.getState().accessToken }),
      });
      socket = connection;

      connection.on(CHANGES_EVENT, (raw: unknown) => {
        const message = parseChangesMessage(raw);
        if (message) void invalidateForChanges(queryClient, message, invalidatesByType);
      });
      // Nothing is pushed to this browser before its socket joins its rooms: whatever was read (or is
      // being read) before, on the first load or while disconnected, may have missed changes. On the
      // first join the server says when the rooms last changed, and only what was read before that
      // is refetched (usually nothing: the first screen was read a moment ago); after a
      // disconnection, everything on screen is.
      let connections = 0;
      connection.on('connect', () => {
        connections += 1;
        retriedAfterRefresh = false;
        if (connections > 1) void queryClient.invalidateQueries();
        markRealtimeJoined();
      });
      connection.on(JOINED_EVENT, (raw: unknown) => {
        if (connections === 1) void invalidateReadBefore(queryClient, parseJoinedMessage(raw));
      });
      connection.on('connect_error', (error) => {
        // A refused handshake is not retried by socket.io itself. The server could not check the
        // session (its database away): try again a little later.
        if (error.message === 'unavailable') {
          setTimeout(() => {
            if (!stopped) connection.connect();
          }, UNAVAILABLE_RETRY_MS);
          return;
        }
        // An ended or expired token: renew it once and try again.
        if (error.message !== 'unauthorized' || retriedAfterRefresh) return;
        retriedAfterRefresh = true;
        void useSession
          .getState()
          .refresh()
          .then((token) => {
            if (token && !stopped) connection.connect();
          })
          .catch(() => undefined); // unreachable: the session went offline and retries when online
      });
    });

    return () => {
      stopped = true;
      socket?.disconnect();
    };
  }, [signedIn, queryClient, invalidates]);
}

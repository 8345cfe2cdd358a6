import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { z } from 'zod';
import { env } from '../config/env';
import { useSession } from './session-store';

/** The worker's message after a projection commits (ARCHITECTURE.md "Read-your-writes and realtime"). */
export const changesMessageSchema = z.object({
  projection: z.string(),
  position: z.number(),
  changes: z.array(z.object({ type: z.string(), id: z.string() })),
});

export type ChangesMessage = z.infer<typeof changesMessageSchema>;

/**
 * Query keys start with the resource's plural name (['sessions', ...], ['students', ...]); change
 * types are singular ('session'). Both spellings are matched so either convention invalidates.
 */
export function queryKeyRootsFor(type: string): string[] {
  const plural = type.endsWith('y') ? `${type.slice(0, -1)}ies` : type.endsWith('s') ? type : `${type}s`;
  return [type, plural];
}

export function invalidateForChanges(queryClient: QueryClient, message: ChangesMessage): Promise<void> {
  const roots = new Set(message.changes.flatMap((change) => queryKeyRootsFor(change.type)));
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && roots.has(query.queryKey[0]),
  });
}

/** One socket.io connection while signed in; refetches the queries that show what changed. */
export function useRealtimeInvalidation(): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'signed-in');

  useEffect(() => {
    if (!signedIn) return;
    let retriedAfterRefresh = false;
    const socket = io({
      path: env.socketPath,
      // Read on every attempt, so reconnections use the latest token.
      auth: (send) => send({ token: useSession.getState().accessToken }),
    });

    socket.on('changes', (raw: unknown) => {
      const message = changesMessageSchema.safeParse(raw);
      if (message.success) void invalidateForChanges(queryClient, message.data);
    });
    socket.on('connect', () => {
      retriedAfterRefresh = false;
    });
    // Changes may have been missed while disconnected: refetch what is on screen.
    socket.io.on('reconnect', () => void queryClient.invalidateQueries());
    socket.on('connect_error', (error) => {
      // A refused handshake is not retried by socket.io itself; renew the token once and try again.
      if (error.message !== 'unauthorized' || retriedAfterRefresh) return;
      retriedAfterRefresh = true;
      void useSession
        .getState()
        .refresh()
        .then((token) => {
          if (token) socket.connect();
        });
    });

    return () => {
      socket.disconnect();
    };
  }, [signedIn, queryClient]);
}

let joined: () => void = () => undefined;

/**
 * Settles when this page's socket first joins its rooms (lib/realtime.ts): what is read after it
 * misses no change, and what was read before is refetched then. On its own, without the socket
 * client, so the entry can wait for it.
 */
export const realtimeJoined = new Promise<void>((resolve) => {
  joined = resolve;
});

export const markRealtimeJoined = () => joined();

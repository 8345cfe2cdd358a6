import { io, type Socket } from 'socket.io-client';

/**
 * Sockets of a spec to the API at `url()` (listening once the spec's beforeAll ran), as the SPA
 * opens them, each closed by `closeAll` (the spec's afterAll).
 */
export function testSockets(url: () => string) {
  const sockets: Socket[] = [];
  return {
    connect(token: string): Socket {
      const socket = io(url(), {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      return socket;
    },
    /** 'connected', or why the handshake was refused. */
    handshake: (socket: Socket) =>
      new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      }),
    /** Why the socket was closed ('io server disconnect': by the server). */
    disconnection: (socket: Socket) =>
      new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))),
    closeAll(): void {
      for (const socket of sockets) socket.close();
    },
  };
}

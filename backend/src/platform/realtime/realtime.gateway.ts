import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { AccessTokenService, type VerifiedAccess } from '../auth/access-token.service';
import { LiveSessions } from '../auth/live-sessions';
import { sessionRoom, studentRoom, studentsRoom, tenantRoom, userRoom } from './rooms';

/**
 * The socket.io endpoint at /socket.io. The handshake must carry `auth: { token }`, a valid access
 * token of a live session; the socket then joins its rooms (rooms.ts), where the worker's emitter
 * pushes `changes`, and is closed when its session ends. Sockets only listen: nothing is accepted
 * from them.
 */
@WebSocketGateway({ path: '/socket.io' })
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server: Server;

  constructor(
    @Inject(AccessTokenService) private readonly tokens: AccessTokenService,
    @Inject(LiveSessions) private readonly sessions: LiveSessions,
  ) {}

  afterInit(server: Server): void {
    // Every instance hears of every end: each closes its own sockets of that session.
    this.sessions.onEnded((sessionIds) => {
      for (const sessionId of sessionIds)
        server.local.in(sessionRoom(sessionId)).disconnectSockets(true);
    });
    server.use((socket: Socket, next: (error?: Error) => void) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token.length === 0) return next(new Error('unauthorized'));
      let access: VerifiedAccess;
      try {
        access = this.tokens.verify(token);
      } catch {
        this.logger.debug(`socket ${socket.id} refused: invalid token`);
        return next(new Error('unauthorized'));
      }
      this.sessions.isLive(access.sessionId, access.user).then(
        (live) => {
          if (!live) {
            this.logger.debug(`socket ${socket.id} refused: session ended`);
            return next(new Error('unauthorized'));
          }
          this.admit(socket, access);
          next();
        },
        () => next(new Error('unavailable')),
      );
    });
  }

  private admit(socket: Socket, { user, sessionId }: VerifiedAccess): void {
    socket.data.user = user;
    // The tenant's room hears of every change in the trainer's business; a student's socket hears
    // only of their own changes and of what every student of the tenant reads.
    const rooms =
      user.role === 'personal'
        ? [tenantRoom(user.tenantId), userRoom(user.userId)]
        : [
            userRoom(user.userId),
            studentsRoom(user.tenantId),
            ...(user.studentId ? [studentRoom(user.tenantId, user.studentId)] : []),
          ];
    void socket.join([...rooms, sessionRoom(sessionId)]);
  }
}

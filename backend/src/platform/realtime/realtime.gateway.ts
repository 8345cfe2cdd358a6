import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { AccessTokenService } from '../auth/access-token.service';
import { studentRoom, studentsRoom, tenantRoom, userRoom } from './rooms';

/**
 * The socket.io endpoint at /socket.io. The handshake must carry `auth: { token }`, a valid access
 * token; the socket then joins its rooms (rooms.ts), where the worker's emitter pushes `changes`.
 * Sockets only listen: nothing is accepted from them.
 */
@WebSocketGateway({ path: '/socket.io' })
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server: Server;

  constructor(@Inject(AccessTokenService) private readonly tokens: AccessTokenService) {}

  afterInit(server: Server): void {
    server.use((socket: Socket, next: (error?: Error) => void) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token.length === 0) return next(new Error('unauthorized'));
      let user;
      try {
        user = this.tokens.verify(token);
      } catch {
        this.logger.debug(`socket ${socket.id} refused: invalid token`);
        return next(new Error('unauthorized'));
      }
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
      void socket.join(rooms);
      next();
    });
  }
}

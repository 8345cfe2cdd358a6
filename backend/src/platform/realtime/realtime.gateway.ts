import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type Redis from 'ioredis';
import type { Server, Socket } from 'socket.io';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { JOINED_EVENT, type JoinedMessage } from '../../contracts/shared/realtime';
import { AccessTokenService, type VerifiedAccess } from '../auth/access-token.service';
import { LiveSessions, type Principals } from '../auth/live-sessions';
import { REDIS } from '../queue/queue.module';
import { whenConnected } from '../queue/redis';
import { lastRoomChangeAgo } from './room-changes';
import { sessionRoom, studentRoom, studentsRoom, tenantRoom, userRoom } from './rooms';

/** A joining socket never waits longer than this on Redis to learn when its rooms last changed. */
const REDIS_BUDGET_MS = 250;

/**
 * The socket.io endpoint at /socket.io. The handshake must carry `auth: { token }`, a valid access
 * token of a live session; the socket then joins its rooms (rooms.ts), where the worker's emitter
 * pushes `changes`, is told how long ago its rooms last changed (`joined`), and is closed when its
 * session ends. Sockets only listen: nothing is accepted from them.
 */
@WebSocketGateway({ path: '/socket.io' })
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server: Server;

  constructor(
    @Inject(AccessTokenService) private readonly tokens: AccessTokenService,
    @Inject(LiveSessions) private readonly sessions: LiveSessions,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
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
          const joined = this.admit(socket, access);
          next();
          // Never an unheard rejection: a joining that failed is logged.
          joined
            .then((rooms) => this.tellLastChange(socket, rooms))
            .catch((error: unknown) => this.logger.warn(`socket ${socket.id}: ${String(error)}`));
        },
        () => next(new Error('unavailable')),
      );
    });
  }

  /**
   * Closes every socket of `principals` on every API instance (the Redis adapter tells the others):
   * their users' rooms, or a tenant's trainer and students.
   */
  disconnect(principals: Principals): void {
    const rooms =
      'tenantId' in principals
        ? [tenantRoom(principals.tenantId), studentsRoom(principals.tenantId)]
        : principals.userIds.map(userRoom);
    if (rooms.length > 0) this.server.in(rooms).disconnectSockets(true);
  }

  /** Joins the socket's rooms; answers the rooms that hear of changes. */
  private async admit(socket: Socket, { user, sessionId }: VerifiedAccess): Promise<string[]> {
    socket.data.user = user;
    // The tenant's room hears of every change in the trainer's business; a student's socket hears
    // only of their own changes and of what every student of the tenant reads.
    const changeRooms =
      user.role === 'personal'
        ? [tenantRoom(user.tenantId)]
        : [
            studentsRoom(user.tenantId),
            ...(user.studentId ? [studentRoom(user.tenantId, user.studentId)] : []),
          ];
    await socket.join([...changeRooms, userRoom(user.userId), sessionRoom(sessionId)]);
    return changeRooms;
  }

  /**
   * Once joined (nothing pushed to these rooms is missed from now on): how long ago they last
   * changed, so the browser refetches only what it read before that; null when Redis cannot tell.
   */
  private async tellLastChange(socket: Socket, rooms: readonly string[]): Promise<void> {
    const changedMsAgo = await whenConnected(
      this.redis,
      () => lastRoomChangeAgo(this.redis, this.config.REDIS_PREFIX, rooms),
      REDIS_BUDGET_MS,
    ).catch(() => null);
    const message: JoinedMessage = { changedMsAgo };
    socket.emit(JOINED_EVENT, message);
  }
}

import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { projectionKeys } from '../projections/redis-keys';
import { closeRedis } from '../queue/redis';

/**
 * socket.io with the Redis pub/sub adapter, so rooms span every API instance and the worker's
 * redis emitter reaches them. The classic adapter is enough here: messages are hints to refetch,
 * and a missed one is healed by the next refetch or reconnect. Its key carries REDIS_PREFIX, the
 * same key the worker's emitter publishes under, so parallel environments never cross.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly connections: Redis[] = [];

  constructor(
    private readonly app: INestApplicationContext,
    private readonly redis: Redis,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      cors: undefined,
    }) as Server;
    const pub = this.redis.duplicate({ connectionName: 'vira-socket-pub' });
    const sub = this.redis.duplicate({ connectionName: 'vira-socket-sub' });
    for (const connection of [pub, sub]) connection.on('error', () => undefined);
    this.connections.push(pub, sub);
    const config = this.app.get<AppConfig>(APP_CONFIG);
    server.adapter(
      createAdapter(pub, sub, { key: projectionKeys(config.REDIS_PREFIX).socketIoKey }),
    );
    return server;
  }

  /**
   * Ends this instance's sockets but leaves the HTTP server to Fastify's own graceful close
   * (socket.io's `close()` would close it first and wait on in-flight keep-alive requests).
   * `local` so other API instances keep their clients.
   */
  override async close(server: Server): Promise<void> {
    server.local.disconnectSockets(true);
    server.engine.close();
  }

  override async dispose(): Promise<void> {
    await Promise.all(this.connections.splice(0).map((connection) => closeRedis(connection)));
  }
}

import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DATABASE, type Db } from '../database/database.module';
import { REDIS } from '../queue/queue.module';
import { closeRedis } from '../queue/redis';
import { type Checkpoint, hasReached } from './checkpoint';
import { projectionKeys } from './redis-keys';

export const MIN_POSITION_WAIT_MS = 3_000;
const POLL_EVERY_MS = 250;

/**
 * Waits until read models have applied a given event. The worker publishes every checkpoint it
 * commits; a slow poll of the checkpoint table covers a missed message.
 */
@Injectable()
export class ReadYourWrites implements OnModuleInit, OnApplicationShutdown {
  private subscriber: Redis | undefined;
  private readonly latest = new Map<string, Checkpoint>();
  private readonly listeners = new Set<() => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onModuleInit(): Promise<void> {
    const channel = projectionKeys(this.config.REDIS_PREFIX).checkpointChannel;
    const subscriber = this.redis.duplicate({ connectionName: 'vira-read-your-writes' });
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => {
      const { projection, transactionId, position } = JSON.parse(message) as Checkpoint & {
        projection: string;
      };
      const known = this.latest.get(projection);
      if (!known || hasReached({ transactionId, position }, known))
        this.latest.set(projection, { transactionId, position });
      for (const listener of this.listeners) listener();
    });
    this.subscriber = subscriber;
    // Not awaited: the API must start (and report Redis down in /api/health) without Redis.
    void subscriber.subscribe(channel).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber) await closeRedis(this.subscriber);
  }

  /** True once every projection has applied the event at `position`; false after `timeoutMs`. */
  async waitFor(
    projections: readonly string[],
    position: number,
    timeoutMs = MIN_POSITION_WAIT_MS,
  ): Promise<boolean> {
    const event = await this.db
      .selectFrom('events')
      .select((eb) => eb.cast<string>('transactionId', 'text').as('transactionId'))
      .where('globalPosition', '=', position)
      .executeTakeFirst();
    if (!event) return false;
    const target: Checkpoint = { transactionId: event.transactionId, position };
    const deadline = Date.now() + timeoutMs;

    await this.refreshFromDatabase(projections);
    for (;;) {
      if (projections.every((name) => this.reached(name, target))) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      const notified = await this.nextNotification(Math.min(remaining, POLL_EVERY_MS));
      if (!notified) await this.refreshFromDatabase(projections);
    }
  }

  private reached(projection: string, target: Checkpoint): boolean {
    const checkpoint = this.latest.get(projection);
    return checkpoint !== undefined && hasReached(checkpoint, target);
  }

  private async refreshFromDatabase(projections: readonly string[]): Promise<void> {
    const rows = await this.db
      .selectFrom('projectionCheckpoints')
      .select([
        'name',
        'globalPosition',
        (eb) => eb.cast<string>('transactionId', 'text').as('transactionId'),
      ])
      .where('name', 'in', projections)
      .execute();
    for (const row of rows) {
      // The table is the truth (a rebuild may even move a checkpoint to another (tx, pos) pair).
      this.latest.set(row.name, { transactionId: row.transactionId, position: row.globalPosition });
    }
  }

  private nextNotification(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (notified: boolean) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(notified);
      };
      const listener = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.listeners.add(listener);
    });
  }
}

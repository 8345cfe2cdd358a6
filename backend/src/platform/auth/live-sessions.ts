import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Transaction } from 'kysely';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import type { Database } from '../database/database';
import { REDIS } from '../queue/queue.module';
import { closeRedis, whenConnected } from '../queue/redis';
import type { AuthUser } from './auth-user';

/**
 * Where sessions are recorded (the identity context answers): whether a sign-in is still on — not
 * signed out, not revoked, not expired — for this user, in this tenant, with this role.
 */
export abstract class SessionRecords {
  abstract isLive(sessionId: string, user: AuthUser): Promise<boolean>;
  /** Revokes, in the caller's transaction, every session of `principals`; answers their ids. */
  abstract revokeAll(principals: Principals, trx: Transaction<Database>): Promise<string[]>;
}

/** Whose sessions end together: some users (an erased student), or everyone of a tenant. */
export type Principals = { userIds: readonly string[] } | { tenantId: string };

/** How long a verdict is trusted without a word from Redis: what a lost message costs at most. */
const VERDICT_TTL_MS = 60_000;
/** Verdicts remembered at most (then forgotten all at once). */
const VERDICTS_KEPT = 10_000;
/** A sign-out never waits longer than this on Redis to tell the other instances. */
const PUBLISH_BUDGET_MS = 500;

interface Verdict {
  user: AuthUser;
  live: boolean;
  until: number;
}

const sameUser = (a: AuthUser, b: AuthUser) =>
  a.userId === b.userId &&
  a.tenantId === b.tenantId &&
  a.role === b.role &&
  a.studentId === b.studentId;

/**
 * Whether an access token's session is live. Asking PostgreSQL on every request would cost a query
 * per request, so verdicts are kept in process; a session that ends is forgotten at once on this
 * instance and, through Redis pub/sub, on every other. While this instance does not hear Redis
 * (away, or not yet subscribed) it could miss an end, so it keeps nothing and asks every time.
 */
@Injectable()
export class LiveSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly verdicts = new Map<string, Verdict>();
  /** Asks on their way to PostgreSQL: a burst of requests of one session asks once, not once each. */
  private readonly asking = new Map<string, { user: AuthUser; answer: Promise<boolean> }>();
  private readonly listeners = new Set<(sessionIds: readonly string[]) => void>();
  private readonly channel: string;
  private subscriber: Redis | undefined;
  private listening = false;
  /** Moves on every end and every change of hearing: an answer asked before it is not kept. */
  private generation = 0;

  constructor(
    @Inject(APP_CONFIG) config: PlatformConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SessionRecords) private readonly records: SessionRecords,
  ) {
    this.channel = `${config.REDIS_PREFIX}:sessions-ended`;
  }

  onModuleInit(): void {
    const subscriber = this.redis.duplicate({ connectionName: 'vira-live-sessions' });
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => {
      this.forget(JSON.parse(message) as string[]);
    });
    subscriber.on('close', () => this.hearing(false));
    // On every (re)connection: only once the subscription is in place can an end not go unheard.
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => this.hearing(true),
        () => undefined,
      );
    });
    this.subscriber = subscriber;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber) await closeRedis(this.subscriber);
  }

  async isLive(sessionId: string, user: AuthUser): Promise<boolean> {
    const known = this.verdicts.get(sessionId);
    if (known && known.until > Date.now() && sameUser(known.user, user)) return known.live;
    const pending = this.asking.get(sessionId);
    if (pending && sameUser(pending.user, user)) return pending.answer;
    const asked = this.generation;
    const answer = this.records.isLive(sessionId, user).then((live) => {
      if (this.listening && asked === this.generation) {
        if (this.verdicts.size >= VERDICTS_KEPT) this.verdicts.clear();
        this.verdicts.set(sessionId, { user, live, until: Date.now() + VERDICT_TTL_MS });
      }
      return live;
    });
    const entry = { user, answer };
    this.asking.set(sessionId, entry);
    void answer
      .finally(() => {
        if (this.asking.get(sessionId) === entry) this.asking.delete(sessionId);
      })
      .catch(() => undefined);
    return answer;
  }

  /**
   * After the end of these sessions committed: they stop working here at once and on the other
   * instances as soon as Redis tells them (when it cannot, they are not keeping verdicts either).
   */
  async ended(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.forget(sessionIds);
    await whenConnected(
      this.redis,
      () => this.redis.publish(this.channel, JSON.stringify(sessionIds)),
      PUBLISH_BUDGET_MS,
    ).catch(() => undefined);
  }

  /** Told of every session that ends, on any instance (e.g. to close its sockets). */
  onEnded(listener: (sessionIds: readonly string[]) => void): void {
    this.listeners.add(listener);
  }

  private forget(sessionIds: readonly string[]): void {
    this.generation += 1;
    for (const sessionId of sessionIds) {
      this.verdicts.delete(sessionId);
      // A request after the end never shares an ask that began before it.
      this.asking.delete(sessionId);
    }
    for (const listener of this.listeners) listener(sessionIds);
  }

  private hearing(listening: boolean): void {
    this.listening = listening;
    this.generation += 1;
    this.verdicts.clear();
  }
}

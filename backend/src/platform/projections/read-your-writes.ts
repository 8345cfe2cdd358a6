import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type Redis from 'ioredis';
import { sql } from 'kysely';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { DATABASE, type Db } from '../database/database.module';
import { REDIS } from '../queue/queue.module';
import { closeRedis, isAway, whenConnected } from '../queue/redis';
import { type Checkpoint, hasReached } from './checkpoint';
import { projectionKeys } from './redis-keys';

export const MIN_POSITION_WAIT_MS = 3_000;
const POLL_EVERY_MS = 250;
/** How long the API remembers a principal's last write: far longer than projections take. */
const REMEMBER_WRITES_MS = 60_000;
/** A read never waits longer than this on Redis to learn what it should wait for. */
const REDIS_BUDGET_MS = 250;

/**
 * For each write record (KEYS[k], a principal's last writes): keeps, per projection, the later of
 * the stored and the given checkpoint ("tx:position"); then wakes every projection named (the
 * worker's wake channel) once, and tells every API instance the records (the writes channel).
 * ARGV: ttl, wake channel, writes channel, the records as told, then per record tx, position, n,
 * n projections. One round trip for all that the commits of one turn of the event loop tell.
 */
const REMEMBER_WRITES_SCRIPT = `
local at, woken, named = 5, {}, {}
for k = 1, #KEYS do
  local tx, pos, n = tonumber(ARGV[at]), tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2])
  local checkpoint = ARGV[at] .. ':' .. ARGV[at + 1]
  for i = at + 3, at + 2 + n do
    local current = redis.call('HGET', KEYS[k], ARGV[i])
    local keep = false
    if current then
      local sep = string.find(current, ':', 1, true)
      local ctx, cpos = tonumber(string.sub(current, 1, sep - 1)), tonumber(string.sub(current, sep + 1))
      keep = ctx > tx or (ctx == tx and cpos >= pos)
    end
    if not keep then redis.call('HSET', KEYS[k], ARGV[i], checkpoint) end
    if not named[ARGV[i]] then
      named[ARGV[i]] = true
      woken[#woken + 1] = ARGV[i]
    end
  end
  redis.call('PEXPIRE', KEYS[k], ARGV[1])
  at = at + 3 + n
end
redis.call('PUBLISH', ARGV[2], table.concat(woken, ','))
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1`;

type RedisWithScript = Redis & {
  viraRememberWrites(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
};

/** Principals whose records an instance keeps at most (then the expired ones are dropped). */
const HEARD_PRINCIPALS_KEPT = 50_000;

/** A write record as published: principal, transaction id, position, projections. */
type ToldRecord = [
  principal: string,
  transactionId: string,
  position: number,
  projections: readonly string[],
];

interface HeardWrites {
  until: number;
  checkpoints: Map<string, Checkpoint>;
}

/** A principal's write waiting for the next round trip to Redis. */
interface WriteRecord {
  principal: string;
  projections: readonly string[];
  target: Checkpoint;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function parseCheckpoint(value: string): Checkpoint {
  const [transactionId, position] = checkpointParts(value);
  return { transactionId, position };
}

/** A checkpoint as Redis keeps it ("tx:position"). */
function checkpointParts(value: string): [transactionId: string, position: number] {
  const separator = value.indexOf(':');
  return [value.slice(0, separator), Number(value.slice(separator + 1))];
}

/** Where a commit's write record goes (ReadYourWrites). */
export type WriteRecords = Pick<ReadYourWrites, 'remember'>;

/**
 * Read-your-writes. The API remembers, per principal and per projection, the checkpoint of the
 * principal's last write (Redis, shared by instances, short-lived); that principal's reads wait
 * (bounded) until the projections they read have reached it. `X-Min-Position` asks the same for a
 * write made elsewhere. The worker publishes every checkpoint it commits; a slow poll of the
 * checkpoint table covers a missed message.
 *
 * When Redis cannot tell what a principal wrote (it is away or slow, or it came back less than
 * REMEMBER_WRITES_MS ago: empty, or without what was written meanwhile), a read waits for
 * everything committed so far instead: slower, never stale without saying so.
 *
 * Every record kept is also published, and each instance keeps what it hears in process: once
 * subscribed, it reads the records Redis kept from before (once per subscription), and from then
 * on a read asks nothing of Redis, where a round trip per read was a tenth of a month's agenda
 * read (GET /api/sessions ÷ a bare server, one client: 0.73-0.79 -> 0.80-0.89). The same trust as the
 * sessions' verdicts (platform/auth/live-sessions.ts): a record reaches every instance as its
 * write is answered, long before the writer's next request does. While it does not hear (not
 * subscribed, or records lost) it asks Redis as before.
 */
@Injectable()
export class ReadYourWrites
  implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown
{
  private subscriber: Redis | undefined;
  private readonly latest = new Map<string, Checkpoint>();
  private readonly listeners = new Set<() => void>();
  private readonly keys: ReturnType<typeof projectionKeys>;
  /** When Redis last may have lost (or never got) a write record: lost, back, or a failed write. */
  private recordsLostAt = Number.NEGATIVE_INFINITY;
  /** Records not sent yet (see `remember`). */
  private unsent: WriteRecord[] = [];
  /** A send is due at the end of the current callback (a record whose caller waits for it). */
  private sendingThisTick = false;
  /** Records sent whose reply has not come back yet. */
  private readonly sending = new Set<Promise<void>>();
  /** The write records heard (every instance's), by principal, each until it would expire in Redis. */
  private readonly heard = new Map<string, HeardWrites>();
  /** Whether this instance holds every record Redis holds: subscribed, and those before read. */
  private hearing = false;
  /** Counts breaks and forgettings: a reading of Redis's records overtaken by one is not trusted. */
  private breaks = 0;

  constructor(
    @Inject(APP_CONFIG) config: PlatformConfig,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.keys = projectionKeys(config.REDIS_PREFIX);
    redis.defineCommand('viraRememberWrites', { lua: REMEMBER_WRITES_SCRIPT });
    const recordsMayBeLost = () => (this.recordsLostAt = Date.now());
    let connectedBefore = redis.status === 'ready';
    redis.on('close', recordsMayBeLost);
    redis.on('ready', () => {
      // Back after an outage: the records of before it may be gone (a restart empties Redis).
      if (connectedBefore) recordsMayBeLost();
      connectedBefore = true;
    });
  }

  async onModuleInit(): Promise<void> {
    const subscriber = this.redis.duplicate({ connectionName: 'vira-read-your-writes' });
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.keys.writesChannel) {
        this.hear(JSON.parse(message) as ToldRecord[]);
        return;
      }
      const { projection, transactionId, position } = JSON.parse(message) as Checkpoint & {
        projection: string;
      };
      this.advance(projection, { transactionId, position });
      for (const listener of this.listeners) listener();
    });
    subscriber.on('close', () => {
      this.hearing = false;
      this.breaks++;
    });
    // On every (re)connection, not awaited: the API must start (and report Redis down in
    // /api/health) without Redis. Only once subscribed can no record go unheard.
    subscriber.on('ready', () => {
      subscriber.subscribe(this.keys.checkpointChannel, this.keys.writesChannel).then(
        () => this.readKeptRecords(),
        () => undefined,
      );
    });
    this.subscriber = subscriber;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber) await closeRedis(this.subscriber);
  }

  /**
   * After `principal`'s command committed: its next reads of `projections` wait for `target`, and
   * the workers are woken to project it. Resolves on Redis's reply; the record counts here at once.
   * Records travel together, one round trip for all that are waiting: sent once this turn of the
   * event loop has handled all its I/O (so the commits of every response read in it go together,
   * and the next statements of the commands answered meanwhile reach PostgreSQL first), or at the
   * end of the current callback when the caller waits for the reply (`awaited`: its answer does).
   */
  remember(
    principal: string,
    projections: readonly string[],
    target: Checkpoint,
    awaited = false,
  ): Promise<void> {
    if (projections.length === 0) return Promise.resolve();
    // Kept here at once: this instance's own records count even when Redis does not take them.
    this.hear([[principal, target.transactionId, target.position, projections]]);
    return new Promise((resolve, reject) => {
      this.unsent.push({ principal, projections, target, resolve, reject });
      if (awaited && !this.sendingThisTick) {
        this.sendingThisTick = true;
        process.nextTick(() => {
          this.sendingThisTick = false;
          this.sendRecords();
        });
      } else if (this.unsent.length === 1) setImmediate(() => this.sendRecords());
    });
  }

  private sendRecords(): void {
    const records = this.unsent;
    if (records.length === 0) return;
    this.unsent = [];
    const keys = records.map((record) => this.keys.lastWrite(record.principal));
    const told: ToldRecord[] = records.map(({ principal, target, projections }) => [
      principal,
      target.transactionId,
      target.position,
      projections,
    ]);
    const args = records.flatMap(({ target, projections }) => [
      target.transactionId,
      target.position,
      projections.length,
      ...projections,
    ]);
    const sent = whenConnected(
      this.redis,
      () =>
        (this.redis as RedisWithScript).viraRememberWrites(
          keys.length,
          ...keys,
          REMEMBER_WRITES_MS,
          this.keys.wakeChannel,
          this.keys.writesChannel,
          JSON.stringify(told),
          ...args,
        ),
      REDIS_BUDGET_MS,
    ).then(
      () => records.forEach((record) => record.resolve()),
      (error: unknown) => {
        this.recordsLostAt = Date.now();
        records.forEach((record) => record.reject(error));
      },
    );
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  /** Once every record sent so far has had Redis's reply (or failed): before Redis is closed. */
  async recordsSent(): Promise<void> {
    // Those of this turn too: they would leave only once its I/O is handled.
    this.sendRecords();
    await Promise.all(this.sending);
  }

  /** A command's answer may leave before its record's reply (projections-on-commit.ts). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.recordsSent();
  }

  /**
   * What `principal`'s read of `projections` must wait for: its last writes as Redis remembers
   * them; or, when Redis cannot be trusted to know them (see the class), everything committed so
   * far. Empty when there is nothing to wait for.
   */
  async pendingWrites(
    principal: string,
    projections: readonly string[],
  ): Promise<Map<string, Checkpoint>> {
    if (this.hearsEveryRecord()) return this.heardWrites(principal, projections);
    // This instance's records still waiting to be sent go first on the connection: Redis runs its
    // commands in order, so the read below finds them (a read right after its own write).
    this.sendRecords();
    const values = this.recordsComplete()
      ? await whenConnected(
          this.redis,
          () => this.redis.hmget(this.keys.lastWrite(principal), ...projections),
          REDIS_BUDGET_MS,
        ).catch(() => undefined)
      : undefined;
    const targets = new Map<string, Checkpoint>();
    if (values === undefined) {
      const end = await this.logEnd();
      if (end) for (const projection of projections) targets.set(projection, end);
      return targets;
    }
    projections.forEach((projection, index) => {
      const value = values[index];
      if (value) targets.set(projection, parseCheckpoint(value));
    });
    return targets;
  }

  /** Whether reads here ask nothing of Redis (see the class). */
  hearsEveryRecord(): boolean {
    return this.hearing && this.recordsComplete();
  }

  /**
   * Subscribed: every record from now on is heard; those Redis kept from before are read once,
   * with the time each has left. Until that ends, and if it fails, reads ask Redis.
   */
  private async readKeptRecords(): Promise<void> {
    const breaks = this.breaks;
    const prefix = this.keys.lastWrite('');
    try {
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
        cursor = next;
        if (keys.length === 0) continue;
        const pipeline = this.redis.pipeline();
        for (const key of keys) pipeline.hgetall(key).pttl(key);
        const answers = (await pipeline.exec()) ?? [];
        keys.forEach((key, index) => {
          const [, fields] = answers[2 * index] as [Error | null, Record<string, string>];
          const [, ttl] = answers[2 * index + 1] as [Error | null, number];
          if (ttl <= 0) return;
          const principal = key.slice(prefix.length);
          for (const [projection, value] of Object.entries(fields ?? {}))
            this.hear([[principal, ...checkpointParts(value), [projection]]], ttl);
        });
      } while (cursor !== '0');
      if (breaks === this.breaks) this.hearing = true;
    } catch {
      // Not hearing: reads ask Redis, until the next subscription reads them again.
    }
  }

  private heardWrites(principal: string, projections: readonly string[]): Map<string, Checkpoint> {
    const targets = new Map<string, Checkpoint>();
    const heard = this.heard.get(principal);
    if (!heard || heard.until <= Date.now()) return targets;
    for (const projection of projections) {
      const checkpoint = heard.checkpoints.get(projection);
      if (checkpoint) targets.set(projection, checkpoint);
    }
    return targets;
  }

  /** Keeps, per principal and projection, the later checkpoint, as the script keeps it in Redis. */
  private hear(records: readonly ToldRecord[], keptMs = REMEMBER_WRITES_MS): void {
    const now = Date.now();
    if (this.heard.size >= HEARD_PRINCIPALS_KEPT) {
      for (const [principal, heard] of this.heard)
        if (heard.until <= now) this.heard.delete(principal);
      // Still full: forgotten all at once, and Redis asked until its records are read again.
      if (this.heard.size >= HEARD_PRINCIPALS_KEPT) {
        this.heard.clear();
        this.breaks++;
        if (this.hearing) {
          this.hearing = false;
          void this.readKeptRecords();
        }
      }
    }
    for (const [principal, transactionId, position, projections] of records) {
      let heard = this.heard.get(principal);
      if (!heard || heard.until <= now) {
        heard = { until: 0, checkpoints: new Map() };
        this.heard.set(principal, heard);
      }
      heard.until = Math.max(heard.until, now + keptMs);
      const target = { transactionId, position };
      for (const projection of projections) {
        const known = heard.checkpoints.get(projection);
        if (!known || !hasReached(known, target)) heard.checkpoints.set(projection, target);
      }
    }
  }

  /** Whether Redis holds every write record of the last REMEMBER_WRITES_MS. */
  private recordsComplete(): boolean {
    return !isAway(this.redis) && Date.now() - this.recordsLostAt > REMEMBER_WRITES_MS;
  }

  /** The checkpoint of the last event committed; undefined when the log is empty. */
  private async logEnd(): Promise<Checkpoint | undefined> {
    const end = await this.db
      .selectFrom('events')
      .select([sql<string>`transaction_id::text`.as('transactionId'), 'globalPosition'])
      .orderBy(sql`events.transaction_id`, 'desc')
      .orderBy('globalPosition', 'desc')
      .limit(1)
      .executeTakeFirst();
    return end && { transactionId: end.transactionId, position: end.globalPosition };
  }

  /** The checkpoint of the event at `position`, for `X-Min-Position`; undefined when there is none. */
  async checkpointOf(position: number): Promise<Checkpoint | undefined> {
    const event = await this.db
      .selectFrom('events')
      .select((eb) => eb.cast<string>('transactionId', 'text').as('transactionId'))
      .where('globalPosition', '=', position)
      .executeTakeFirst();
    return event && { transactionId: event.transactionId, position };
  }

  /** True once every projection has reached its target; false after `timeoutMs`. */
  async waitFor(
    targets: ReadonlyMap<string, Checkpoint>,
    timeoutMs = MIN_POSITION_WAIT_MS,
  ): Promise<boolean> {
    if (targets.size === 0 || this.allReached(targets)) return true;
    const deadline = Date.now() + timeoutMs;
    await this.refreshFromDatabase([...targets.keys()]);
    for (;;) {
      if (this.allReached(targets)) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      const notified = await this.nextNotification(Math.min(remaining, POLL_EVERY_MS));
      if (!notified) await this.refreshFromDatabase([...targets.keys()]);
    }
  }

  private allReached(targets: ReadonlyMap<string, Checkpoint>): boolean {
    for (const [projection, target] of targets) {
      const checkpoint = this.latest.get(projection);
      if (!checkpoint || !hasReached(checkpoint, target)) return false;
    }
    return true;
  }

  private advance(projection: string, checkpoint: Checkpoint): void {
    const known = this.latest.get(projection);
    if (!known || hasReached(checkpoint, known)) this.latest.set(projection, checkpoint);
  }

  private async refreshFromDatabase(projections: readonly string[]): Promise<void> {
    const rows = await this.db
      .selectFrom('projectionCheckpoints')
      .select([
        'name',
        'globalPosition',
        (eb) => eb.cast<string>('transactionId', 'text').as('transactionId'),
      ])
      .where((eb) => eb('name', '=', eb.fn.any(eb.val(projections))))
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

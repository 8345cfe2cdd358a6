import { Emitter } from '@socket.io/redis-emitter';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../database/database';
import { isAway, whenConnected } from '../queue/redis';
import type { Projection } from './projection';
import { type AppliedBatch, type BatchOptions, drainProjection } from './projection-runner';
import { wakeProjections } from './projection-waker';
import { projectionKeys } from './redis-keys';

export interface ProjectionWorkerOptions {
  db: Kysely<Database>;
  redis: Redis;
  queue: Queue;
  prefix: string;
  projections: readonly Projection[];
  batchSize?: number;
  /** How long one job may keep a projection before handing the rest to a fresh job. */
  budgetMs?: number;
  /** Where a failed safety-net run is reported. */
  onError?: (projection: string, error: unknown) => void;
  /**
   * Test hook, never set in production: runs inside every batch's transaction just before its
   * commit (see BatchOptions.beforeCommit).
   */
  beforeCommit?: (projection: string, batch: AppliedBatch) => Promise<void>;
}

/** Socket payload of the `changes` event, see API.md "Realtime". */
export interface ChangesMessage {
  projection: string;
  position: number;
  changes: { type: string; id: string }[];
}

const BUSY_RETRY_DELAY_MS = 50;
/** The worker's own Redis calls (marker, announcement, re-wake) never hold a projection longer. */
const REDIS_BUDGET_MS = 1_000;
/** Every projection runs at least this often, whatever Redis does. */
export const SAFETY_NET_EVERY_MS = 1_000;

/** A run in progress in this process; `again` asks it for one more pass before it ends. */
interface ActiveRun {
  again: boolean;
  done: Promise<void>;
}

/**
 * The worker side of projections: a `projection.run` job (a wake-up) drains the projection, then
 * tells the API and the browsers; a local timer (the safety net) runs every projection at least
 * every SAFETY_NET_EVERY_MS.
 *
 * Why a local timer and not BullMQ job schedulers: the safety net is there for when the wake-up
 * path fails, and that path is Redis. Schedulers live in Redis, so a Redis that restarts empty (it
 * keeps nothing on disk here) took them away until the worker restarted, and while Redis was down
 * nothing ran at all. Re-creating them on reconnect would still leave the outage itself uncovered
 * (and a FLUSHALL or an eviction without a reconnect). Projections only need PostgreSQL: the timer
 * keeps them current through a Redis outage, Redis only makes them faster. With several worker
 * replicas each runs its own timer; the projection's advisory lock makes the extra runs a cheap
 * "busy", a few statements per projection per second per replica.
 */
export class ProjectionWorker {
  private readonly keys: ReturnType<typeof projectionKeys>;
  private readonly emitter: Emitter;
  private readonly byName: Map<string, Projection>;
  private readonly active = new Map<string, ActiveRun>();
  private readonly lastStarted = new Map<string, number>();
  private safetyNet: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProjectionWorkerOptions) {
    this.keys = projectionKeys(options.prefix);
    this.emitter = new Emitter(options.redis, { key: this.keys.socketIoKey });
    this.byName = new Map(options.projections.map((projection) => [projection.name, projection]));
  }

  /**
   * Drains `name`. A run already in progress in this process is asked for one more pass instead,
   * and this call settles at once: two runs here would only find each other busy, and a job
   * waiting for the other run would hold one of the worker's slots that other projections' wake-ups
   * need.
   */
  run(name: string): Promise<void> {
    const projection = this.byName.get(name);
    if (!projection) return Promise.reject(new Error(`projeção desconhecida: ${name}`));
    const active = this.active.get(name);
    if (active) {
      active.again = true;
      return Promise.resolve();
    }
    const run: ActiveRun = { again: false, done: Promise.resolve() };
    this.active.set(name, run);
    run.done = this.drainUntilQuiet(projection, run);
    return run.done;
  }

  /** Starts the safety net: each projection not run in the last SAFETY_NET_EVERY_MS runs now. */
  startSafetyNet(everyMs = SAFETY_NET_EVERY_MS): void {
    this.stopSafetyNet();
    this.safetyNet = setInterval(
      () => {
        const now = Date.now();
        for (const name of this.byName.keys()) {
          if (this.active.has(name) || now - (this.lastStarted.get(name) ?? 0) < everyMs) continue;
          this.run(name).catch((error: unknown) => this.options.onError?.(name, error));
        }
      },
      Math.max(10, Math.floor(everyMs / 4)),
    );
  }

  stopSafetyNet(): void {
    if (this.safetyNet) clearInterval(this.safetyNet);
    this.safetyNet = undefined;
  }

  /** Stops the safety net and waits for the runs in progress. */
  async close(): Promise<void> {
    this.stopSafetyNet();
    await Promise.allSettled([...this.active.values()].map((run) => run.done));
  }

  private async drainUntilQuiet(projection: Projection, run: ActiveRun): Promise<void> {
    const name = projection.name;
    try {
      this.lastStarted.set(name, Date.now());
      // Before reading: an append committed after this point queues a new job instead of being missed.
      await this.takeWakeMarker(name);
      const deadline = Date.now() + (this.options.budgetMs ?? 2_000);
      let outcome = await this.drain(projection);
      // Wake-ups that arrived during this run (a marker in Redis from another API instance's
      // commit, or a job of this process) are caught up now, within this run's time budget.
      for (;;) {
        if (outcome !== 'caught-up') break;
        const woken = (await this.takeWakeMarker(name)) || run.again;
        if (!woken) break;
        run.again = false;
        outcome = Date.now() < deadline ? await this.drain(projection) : 'out-of-time';
      }
      // Ends in the same tick as the last check of `again`: a later run() starts a new run.
      this.active.delete(name);
      if (outcome === 'busy') await this.wake(name, BUSY_RETRY_DELAY_MS);
      if (outcome === 'out-of-time') await this.wake(name, 0);
    } finally {
      if (this.active.get(name) === run) this.active.delete(name);
    }
  }

  private drain(projection: Projection) {
    const beforeCommit = this.options.beforeCommit;
    return drainProjection(this.options.db, projection, {
      batchSize: this.options.batchSize ?? 1_000,
      budgetMs: this.options.budgetMs ?? 2_000,
      afterCommit: (batch) => this.announce(projection.name, batch),
      beforeCommit: beforeCommit
        ? (((batch) => beforeCommit(projection.name, batch)) satisfies BatchOptions['beforeCommit'])
        : undefined,
    });
  }

  /** True when a wake-up marker was there; false when there was none or Redis is away. */
  private async takeWakeMarker(name: string): Promise<boolean> {
    const deleted = await whenConnected(
      this.options.redis,
      () => this.options.redis.del(this.keys.wakePending(name)),
      REDIS_BUDGET_MS,
    ).catch(() => 0);
    return deleted === 1;
  }

  /** Queues another run; without Redis the safety net is the next run. */
  private async wake(name: string, delayMs: number): Promise<void> {
    await wakeProjections(
      this.options.redis,
      this.options.queue,
      this.options.prefix,
      [name],
      delayMs,
    ).catch(() => undefined);
  }

  /**
   * Tells the API (read-your-writes) and the browsers (socket.io) what this batch committed. Best
   * effort: without Redis the API polls the checkpoint table, and browsers refetch on reconnect.
   */
  private async announce(projection: string, batch: AppliedBatch): Promise<void> {
    const redis = this.options.redis;
    if (isAway(redis)) return;
    await whenConnected(
      redis,
      () =>
        redis.publish(
          this.keys.checkpointChannel,
          JSON.stringify({ projection, ...batch.checkpoint }),
        ),
      REDIS_BUDGET_MS,
    ).catch(() => undefined);
    const byTenant = new Map<string, Map<string, { type: string; id: string }>>();
    for (const change of batch.changes) {
      let changes = byTenant.get(change.tenantId);
      if (!changes) byTenant.set(change.tenantId, (changes = new Map()));
      changes.set(`${change.type}:${change.id}`, { type: change.type, id: change.id });
    }
    if (isAway(redis)) return;
    for (const [tenantId, changes] of byTenant) {
      const message: ChangesMessage = {
        projection,
        position: batch.checkpoint.position,
        changes: [...changes.values()],
      };
      this.emitter.to(`tenant:${tenantId}`).emit('changes', message);
    }
  }
}

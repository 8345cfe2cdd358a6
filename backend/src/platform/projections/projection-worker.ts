import { Emitter } from '@socket.io/redis-emitter';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../database/database';
import type { Projection } from './projection';
import { type AppliedBatch, drainProjection } from './projection-runner';
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
}

/** Socket payload of the `changes` event, see API.md "Realtime". */
export interface ChangesMessage {
  projection: string;
  position: number;
  changes: { type: string; id: string }[];
}

const BUSY_RETRY_DELAY_MS = 50;

/** The worker side of a `projection.run` job: drain, then tell the API and the browsers. */
export class ProjectionWorker {
  private readonly keys: ReturnType<typeof projectionKeys>;
  private readonly emitter: Emitter;
  private readonly byName: Map<string, Projection>;

  constructor(private readonly options: ProjectionWorkerOptions) {
    this.keys = projectionKeys(options.prefix);
    this.emitter = new Emitter(options.redis, { key: this.keys.socketIoKey });
    this.byName = new Map(options.projections.map((projection) => [projection.name, projection]));
  }

  async run(name: string): Promise<void> {
    const projection = this.byName.get(name);
    if (!projection) throw new Error(`projeção desconhecida: ${name}`);
    const pending = this.keys.wakePending(name);
    // Before reading: an append committed after this point queues a new job instead of being missed.
    await this.options.redis.del(pending);
    const deadline = Date.now() + (this.options.budgetMs ?? 2_000);
    let outcome = await this.drain(projection);
    // A wake-up that arrived while this run held the projection found it busy; catch it up now
    // rather than after that job's retry delay (within this job's time budget).
    while (outcome === 'caught-up' && (await this.options.redis.del(pending)) === 1) {
      outcome = Date.now() < deadline ? await this.drain(projection) : 'out-of-time';
    }
    if (outcome === 'busy') await this.wake(name, BUSY_RETRY_DELAY_MS);
    if (outcome === 'out-of-time') await this.wake(name, 0);
  }

  private drain(projection: Projection) {
    return drainProjection(this.options.db, projection, {
      batchSize: this.options.batchSize ?? 1_000,
      budgetMs: this.options.budgetMs ?? 2_000,
      afterCommit: (batch) => this.announce(projection.name, batch),
    });
  }

  private wake(name: string, delayMs: number): Promise<void> {
    return wakeProjections(
      this.options.redis,
      this.options.queue,
      this.options.prefix,
      [name],
      delayMs,
    );
  }

  private async announce(projection: string, batch: AppliedBatch): Promise<void> {
    await this.options.redis.publish(
      this.keys.checkpointChannel,
      JSON.stringify({ projection, ...batch.checkpoint }),
    );
    const byTenant = new Map<string, Map<string, { type: string; id: string }>>();
    for (const change of batch.changes) {
      let changes = byTenant.get(change.tenantId);
      if (!changes) byTenant.set(change.tenantId, (changes = new Map()));
      changes.set(`${change.type}:${change.id}`, { type: change.type, id: change.id });
    }
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

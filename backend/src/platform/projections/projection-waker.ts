import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { JobQueues, REDIS } from '../queue/queue.module';
import { OutageLog, whenConnected } from '../queue/redis';
import { projectionKeys } from './redis-keys';

const WAKE_MARKER_TTL_MS = 10_000;
/** A wake-up never waits longer on Redis: the worker's safety net runs every projection anyway. */
const WAKE_BUDGET_MS = 1_000;

/**
 * Enqueues one `projection.run` job per projection unless one is already queued and not yet
 * started. The marker key (SET NX, deleted by the runner before it reads) is the deduplication:
 * a fixed BullMQ jobId would also swallow wake-ups that arrive while that job is running, and
 * leave their events waiting for the safety-net tick. Fails at once while Redis is not connected
 * and after WAKE_BUDGET_MS otherwise (the worker's safety net then runs the projection within a
 * second), so nothing waits on, or piles up for, a Redis that is away.
 */
export async function wakeProjections(
  redis: Redis,
  queue: Queue,
  prefix: string,
  projections: readonly string[],
  delayMs = 0,
): Promise<void> {
  if (projections.length === 0) return;
  const keys = projectionKeys(prefix);
  await whenConnected(
    redis,
    async () => {
      const pipeline = redis.pipeline();
      for (const name of projections)
        pipeline.set(keys.wakePending(name), '1', 'PX', WAKE_MARKER_TTL_MS, 'NX');
      const replies = (await pipeline.exec()) ?? [];
      const toWake = projections.filter((_, index) => replies[index]?.[1] === 'OK');
      if (toWake.length === 0) return;
      await queue.addBulk(
        toWake.map((projection) => ({
          name: 'projection.run',
          data: { projection },
          opts: { removeOnComplete: true, removeOnFail: 100, delay: delayMs },
        })),
      );
    },
    WAKE_BUDGET_MS,
  );
}

/** Projections to wake in the next round, and the promise of that round. */
interface WakeRound {
  projections: Set<string>;
  sent: Promise<void>;
}

/**
 * The API side: wakes projections after an append. Wake-ups are coalesced per process: at most
 * one round is in flight; the commands that commit meanwhile join the next round, which starts
 * (and so reaches Redis after their commit) as soon as the current one ends. `wakeAndWait`
 * settles once a round sent after it is done; `wake` does not wait and only logs a failure.
 */
@Injectable()
export class ProjectionWaker {
  private inFlight: Promise<void> = Promise.resolve();
  private next: WakeRound | undefined;

  private readonly logger = new Logger(ProjectionWaker.name);
  private readonly failures = new OutageLog((message) => this.logger.warn(message));

  constructor(
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(JobQueues) private readonly queues: JobQueues,
  ) {}

  wake(projections: readonly string[]): void {
    this.wakeAndWait(projections).catch((error: unknown) =>
      this.failures.report(`wake-up falhou: ${String(error)}`),
    );
  }

  wakeAndWait(projections: readonly string[]): Promise<void> {
    if (projections.length === 0) return Promise.resolve();
    const round = this.next ?? this.startRound();
    for (const name of projections) round.projections.add(name);
    return round.sent;
  }

  private startRound(): WakeRound {
    const round: WakeRound = { projections: new Set(), sent: Promise.resolve() };
    round.sent = this.inFlight.then(() => {
      // From here on, later wake-ups go to a new round: this one may already be in Redis.
      if (this.next === round) this.next = undefined;
      return wakeProjections(
        this.redis,
        this.queues.queue('projections'),
        this.config.REDIS_PREFIX,
        [...round.projections],
      );
    });
    this.inFlight = round.sent.catch(() => undefined);
    this.next = round;
    return round;
  }
}

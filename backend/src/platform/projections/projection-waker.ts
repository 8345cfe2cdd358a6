import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { REDIS } from '../queue/queue.module';
import { OutageLog, whenConnected } from '../queue/redis';
import { projectionKeys } from './redis-keys';

/** A wake-up never waits longer on Redis: the worker's safety net runs every projection anyway. */
const WAKE_BUDGET_MS = 1_000;

/**
 * Tells every worker that `projections` have new events: one PUBLISH, a hint and nothing more.
 * A worker that misses it (Redis away, the worker restarting) runs the projection within a second
 * anyway (its safety net), so no state is kept in Redis for it. Fails at once while Redis is not
 * connected and after WAKE_BUDGET_MS otherwise.
 */
export async function wakeProjections(
  redis: Redis,
  prefix: string,
  projections: readonly string[],
): Promise<void> {
  if (projections.length === 0) return;
  await whenConnected(
    redis,
    () => redis.publish(projectionKeys(prefix).wakeChannel, projections.join(',')),
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
      return wakeProjections(this.redis, this.config.REDIS_PREFIX, [...round.projections]);
    });
    this.inFlight = round.sent.catch(() => undefined);
    this.next = round;
    return round;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type Redis from 'ioredis';
import { DATABASE, type Db } from '../database/database.module';
import { type ProjectionLag, ProjectionStatus } from '../projections/projection-status';
import { REDIS } from '../queue/queue.module';
import { isAway } from '../queue/redis';

export type Check = 'ok' | 'down';
export interface HealthReport {
  /**
   * `error`: PostgreSQL or Redis does not answer; `degraded`: they answer, but a read model is
   * more than PROJECTION_LAG_LIMIT_MS behind the log (reads come back stale); both answer 503.
   */
  status: 'ok' | 'degraded' | 'error';
  postgres: Check;
  redis: Check;
  /** Detail: how far each read model is behind the log ('down' when it cannot be read). */
  projections?: Record<string, ProjectionLag> | Check;
  /** The read models whose oldest unapplied event is older than PROJECTION_LAG_LIMIT_MS. */
  lagging?: string[];
}

/**
 * A read model whose oldest unapplied event is older than this is not serving what it should:
 * the worker runs every projection at least once a second, and a batch takes milliseconds.
 */
export const PROJECTION_LAG_LIMIT_MS = 10_000;
const CHECK_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ProjectionStatus) private readonly projectionStatus: ProjectionStatus,
  ) {}

  /** Readiness: the services this instance needs answer, and its read models are current. */
  async check(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      probe(() => sql`select 1`.execute(this.db)),
      probe(async () => {
        // Away: say so at once (a PING would sit in ioredis' offline queue until the timeout).
        if (isAway(this.redis)) throw new Error('not connected');
        if ((await this.redis.ping()) !== 'PONG') throw new Error('unexpected ping reply');
      }),
    ]);
    const report: HealthReport = {
      status: postgres === 'ok' && redis === 'ok' ? 'ok' : 'error',
      postgres,
      redis,
    };
    if (postgres === 'ok') {
      const projections = await this.projectionStatus.lag().catch((): Check => 'down');
      report.projections = projections;
      const lagging =
        projections === 'down'
          ? []
          : Object.entries(projections)
              .filter(([, lag]) => lag.lagMs > PROJECTION_LAG_LIMIT_MS)
              .map(([name]) => name);
      if (lagging.length > 0) report.lagging = lagging;
      if (report.status === 'ok' && (projections === 'down' || lagging.length > 0))
        report.status = 'degraded';
    }
    return report;
  }
}

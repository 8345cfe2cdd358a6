import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type Redis from 'ioredis';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import type { HealthReport } from '../../contracts/platform/api';
import type { Pool } from 'pg';
import { AccessTokenService } from '../auth/access-token.service';
import { bearerTokenOf } from '../auth/auth.guards';
import { LiveSessions } from '../auth/live-sessions';
import { DATABASE, type Db, PG_POOL } from '../database/database.module';
import { FailoverPool } from '../database/failover-pool';
import { ProjectionStatus } from '../projections/projection-status';
import { REDIS } from '../queue/queue.module';
import { isAway } from '../queue/redis';
import { workerAtWork } from '../queue/worker-heartbeat';

type Check = HealthReport['postgres'];

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
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ProjectionStatus) private readonly projectionStatus: ProjectionStatus,
    @Inject(AccessTokenService) private readonly tokens: AccessTokenService,
    @Inject(LiveSessions) private readonly sessions: LiveSessions,
  ) {}

  /**
   * The report as the caller may read it: anyone the status and whether PostgreSQL and Redis
   * answer; the details (the worker, each read model's position and lag) only a trainer signed in
   * (`authorization` holding a live session's token): they name the app's insides.
   */
  async reportFor(authorization: string | undefined): Promise<HealthReport> {
    const report = await this.check();
    if (report.postgres === 'ok' && (await this.isTrainer(authorization))) return report;
    const { status, postgres, redis } = report;
    return { status, postgres, redis };
  }

  private async isTrainer(authorization: string | undefined): Promise<boolean> {
    const bearer = bearerTokenOf(authorization);
    if (!bearer) return false;
    try {
      const { user, sessionId } = this.tokens.verify(bearer);
      return user.role === 'personal' && (await this.sessions.isLive(sessionId, user));
    } catch {
      return false;
    }
  }

  /**
   * Readiness: the services this instance needs answer (each asked now, with a short timeout), a
   * worker is at work, and the read models are current.
   */
  async check(): Promise<HealthReport> {
    let worker: Check = 'down';
    const [postgres, redis] = await Promise.all([
      probe(() => sql`select 1`.execute(this.db)),
      probe(async () => {
        // Away: say so at once (a command would sit in ioredis' offline queue until the timeout).
        if (isAway(this.redis)) throw new Error('not connected');
        // Its answer is Redis answering, too.
        if (await workerAtWork(this.redis, this.config.REDIS_PREFIX)) worker = 'ok';
      }),
    ]);
    const report: HealthReport = {
      status: postgres === 'ok' && redis === 'ok' ? 'ok' : 'error',
      postgres,
      redis,
    };
    // A server named in DATABASE_URL answers, read-only: a failover under way, which ends by itself.
    if (postgres === 'down' && redis === 'ok' && this.failingOver()) report.status = 'degraded';
    // Only Redis knows whether a worker is at work: without it, nothing is said.
    if (redis === 'ok') report.worker = worker;
    if (report.status === 'ok' && worker === 'down') report.status = 'degraded';
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

  private failingOver(): boolean {
    return this.pool instanceof FailoverPool && this.pool.failover.failingOver();
  }
}

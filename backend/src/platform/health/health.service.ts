import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type Redis from 'ioredis';
import { DATABASE, type Db } from '../database/database.module';
import { type ProjectionLag, ProjectionStatus } from '../projections/projection-status';
import { REDIS } from '../queue/queue.module';

export type Check = 'ok' | 'down';
export interface HealthReport {
  status: 'ok' | 'error';
  postgres: Check;
  redis: Check;
  /** Detail: how far each read model is behind the log ('down' when it cannot be read). */
  projections?: Record<string, ProjectionLag> | Check;
}

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

  async check(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      probe(() => sql`select 1`.execute(this.db)),
      probe(async () => {
        if ((await this.redis.ping()) !== 'PONG') throw new Error('unexpected ping reply');
      }),
    ]);
    const report: HealthReport = {
      status: postgres === 'ok' && redis === 'ok' ? 'ok' : 'error',
      postgres,
      redis,
    };
    if (postgres === 'ok') {
      report.projections = await this.projectionStatus.lag().catch((): Check => 'down');
    }
    return report;
  }
}

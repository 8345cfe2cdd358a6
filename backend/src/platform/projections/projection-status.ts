import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '../database/database.module';
import { ProjectionCatalogue } from './projection-catalogue';
import { readCheckpoint } from './projection-runner';

export interface ProjectionLag {
  /** Global position of the last event applied. */
  position: number;
  /** Committed events of the types it reads not yet applied (counted up to LAG_COUNT_LIMIT). */
  behind: number;
  /** Age of the oldest event not yet applied, 0 when caught up. */
  lagMs: number;
}

const LAG_COUNT_LIMIT = 100_000;

@Injectable()
export class ProjectionStatus {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(ProjectionCatalogue) private readonly catalogue: ProjectionCatalogue,
  ) {}

  async lag(): Promise<Record<string, ProjectionLag>> {
    const entries = await Promise.all(
      this.catalogue.readers().map(async ({ name, eventTypes }) => {
        const checkpoint = await readCheckpoint(this.db, name);
        const { rows } = await sql<{ behind: number; oldest: Date | null }>`
          select count(*)::int as behind, min(occurred_at) as oldest from (
            select occurred_at from events
            where (transaction_id, global_position) > (${checkpoint.transactionId}::xid8, ${checkpoint.position}::bigint)
              and event_type = any(${eventTypes as string[]}::text[])
            limit ${LAG_COUNT_LIMIT}) pending`.execute(this.db);
        const { behind, oldest } = rows[0];
        const lag: ProjectionLag = {
          position: checkpoint.position,
          behind,
          lagMs: oldest ? Math.max(0, Date.now() - oldest.getTime()) : 0,
        };
        return [name, lag] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
}

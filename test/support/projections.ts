import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'kysely';
import { DATABASE, type Db } from '../../backend/src/platform/database/database.module';
import { hasReached } from '../../backend/src/platform/projections/checkpoint';
import type { Projection } from '../../backend/src/platform/projections/projection';
import { ProjectionCatalogue } from '../../backend/src/platform/projections/projection-catalogue';
import {
  drainProjection,
  readCheckpoint,
} from '../../backend/src/platform/projections/projection-runner';

/**
 * Runs `projections`, as the worker would, until they have applied every event
 * committed so far. It may take more than one pass: the runner never reads past a transaction
 * still open in this database (see gap-free-read.ts).
 */
export async function projectToEndOfLog(
  app: NestFastifyApplication,
  projections: readonly Projection[],
  timeoutMs = 10_000,
): Promise<void> {
  const db = app.get<Db>(DATABASE);
  const head = await db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('transactionId'), 'globalPosition'])
    // The column, not the text alias of the same name: as text '100000' sorts before '99999'.
    .orderBy(sql`events.transaction_id`, 'desc')
    .orderBy('globalPosition', 'desc')
    .limit(1)
    .executeTakeFirst();
  const deadline = Date.now() + timeoutMs;
  for (const projection of projections) {
    for (;;) {
      await drainProjection(db, projection, { batchSize: 1_000, budgetMs: 60_000 });
      const checkpoint = await readCheckpoint(db, projection.name);
      if (
        !head ||
        hasReached(checkpoint, { transactionId: head.transactionId, position: head.globalPosition })
      )
        break;
      if (Date.now() > deadline) throw new Error(`${projection.name} não alcançou o fim do log`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Every projection the app runs (its catalogue), up to the end of the log. */
export function projectAll(app: NestFastifyApplication, timeoutMs = 10_000): Promise<void> {
  return projectToEndOfLog(app, app.get(ProjectionCatalogue).all(), timeoutMs);
}

import { sql } from 'kysely';
import { workerDatabase } from '../../../../../test/support/test-databases';
import { waitUntil } from '../../../../../test/support/processes';
import type { Db } from '../../database/database.module';
import { closeRedis, createRedis } from '../../queue/redis';
import { hasReached } from '../checkpoint';
import { readCheckpoint } from '../projection-runner';
import { ProjectionWorker } from '../projection-worker';
import {
  createThingsTables,
  dropThingsTables,
  insertThings,
  thingsProjection,
} from './support/things';

describe('events committed behind a transaction still running', () => {
  const db: Db = workerDatabase('held-back-events-test', 4);
  const redis = createRedis(process.env.REDIS_URL as string, 'held-back-events-test');
  const worker = new ProjectionWorker({
    db,
    redis,
    prefix: process.env.REDIS_PREFIX as string,
    projections: [thingsProjection],
    // A run's time budget wide enough for a busy machine: what is tested is that the run goes on
    // while held, not how long it may.
    budgetMs: 60_000,
  });

  beforeAll(async () => {
    await createThingsTables(db);
    // Caught up with whatever the log already holds.
    await worker.run(thingsProjection.name);
  });
  afterAll(async () => {
    await worker.close();
    await dropThingsTables(db);
    await closeRedis(redis);
    await db.destroy();
  });

  it('are read once that transaction ends, with no other wake-up and no safety net', async () => {
    // given a transaction that began writing (it holds an id) and stays open, as another reader's
    // batch or a command in flight does
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    let began!: () => void;
    const beganWriting = new Promise<void>((resolve) => (began = resolve));
    const open = db.transaction().execute(async (trx) => {
      await sql`select pg_current_xact_id()`.execute(trx);
      began();
      await ended;
    });
    await beganWriting;
    // and a thing created and committed after it
    const created = await insertThings(db, {
      transactions: 1,
      thingsPerTransaction: 1,
      movesEach: 0,
    });

    // when the projection is woken while that transaction still runs (its run is not awaited:
    // it goes on until it has read what was held back, within its time budget)
    const running = worker.run(thingsProjection.name);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // then it cannot read the thing yet: nothing may commit behind it later
    expect(hasReached(await readCheckpoint(db, thingsProjection.name), created)).toBe(false);

    // and when the transaction ends, with no wake-up of its own (it appended nothing)
    end();
    await open;
    // then the run still in progress reads the thing (no safety net runs here: nothing else would)
    await waitUntil(
      async () => hasReached(await readCheckpoint(db, thingsProjection.name), created),
      30_000,
      'a projeção ler a coisa retida',
    );
    await running;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from test_things`.execute(
      db,
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

import { workerDatabase } from '../../../../../test/support/test-databases';
import { waitUntil } from '../../../../../test/support/processes';
import type { Db } from '../../database/database.module';
import { closeRedis, createRedis } from '../../queue/redis';
import { hasReached } from '../checkpoint';
import type { Projection } from '../projection';
import { readCheckpoint } from '../projection-runner';
import { ProjectionWorker } from '../projection-worker';
import {
  createThingsTables,
  dropThingsTables,
  insertThings,
  thingsProjection,
} from './support/things';

describe('a projection whose batch fails, woken by every command', () => {
  const db: Db = workerDatabase('failed-projection-test', 4);
  const redis = createRedis(process.env.REDIS_URL as string, 'failed-projection-test');
  let broken = true;
  let attempts = 0;
  // The things projection, failing its batches (a bug, an event it cannot take) while `broken`.
  const failing: Projection = {
    ...thingsProjection,
    name: 'test-things-failing',
    async apply(batch, trx) {
      attempts++;
      if (broken) throw new Error('lote que não se aplica');
      return thingsProjection.apply(batch, trx);
    },
  };
  const worker = new ProjectionWorker({
    db,
    redis,
    prefix: process.env.REDIS_PREFIX as string,
    projections: [failing],
  });

  beforeAll(async () => {
    await createThingsTables(db);
  });
  afterAll(async () => {
    await worker.close();
    await dropThingsTables(db);
    await closeRedis(redis);
    await db.destroy();
  });

  it('is tried again after a wait that doubles, not at every wake-up, and catches up once it can', async () => {
    // given events it cannot apply
    const created = await insertThings(db, {
      transactions: 1,
      thingsPerTransaction: 3,
      movesEach: 1,
    });
    // when it is woken every 5 ms for 600 ms, as a stream of 200 commands a second would
    const wakes = setInterval(() => worker.wake(failing.name), 5);
    await new Promise((resolve) => setTimeout(resolve, 600));
    clearInterval(wakes);
    // then it was tried a handful of times (after 0, 100, 300 ms: the waits double), not 120
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(attempts).toBeLessThanOrEqual(5);
    expect(hasReached(await readCheckpoint(db, failing.name), created)).toBe(false);

    // and once its batches apply again, the next wake-up after the wait projects them
    broken = false;
    await waitUntil(
      async () => {
        worker.wake(failing.name);
        return hasReached(await readCheckpoint(db, failing.name), created);
      },
      30_000,
      'a projeção alcançar o log depois de falhar',
    );
  });
});

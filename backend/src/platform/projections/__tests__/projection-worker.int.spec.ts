import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { workerDatabase } from '../../../../../test/support/test-databases';
import { spawnBackend, stopProcess, waitUntil } from '../../../../../test/support/processes';
import type { Db } from '../../database/database.module';
import { closeRedis, createRedis } from '../../queue/redis';
import { type Checkpoint, hasReached } from '../checkpoint';
import { readCheckpoint } from '../projection-runner';
import { rebuildProjection } from '../rebuild';
import {
  createThingsTables,
  dropThingsTables,
  insertThings,
  thingsProjection,
  thingsTables,
} from './support/things';

const THINGS_WORKER = 'backend/src/platform/projections/__tests__/support/things-worker.ts';

/** The worker's sessions on this database, and whether one sits inside a batch that has written. */
async function workerSessions(db: Db) {
  const { rows } = await sql<{ sessions: number; holding: number }>`
    select count(*)::int as sessions,
           count(*) filter (where backend_xid is not null and state = 'idle in transaction')::int as holding
    from pg_stat_activity
    where application_name = 'vira-worker' and datname = current_database()`.execute(db);
  return rows[0];
}

describe('projection worker process', () => {
  const prefix = process.env.REDIS_PREFIX as string;
  const db: Db = workerDatabase('projection-worker-test', 4);
  const workers: ChildProcess[] = [];
  const startWorker = (env: NodeJS.ProcessEnv = {}) => {
    const child = spawnBackend(THINGS_WORKER, env);
    workers.push(child);
    return child;
  };

  beforeAll(() => createThingsTables(db));
  afterAll(async () => {
    // Bounded whatever happened: SIGTERM, then SIGKILL for a worker stuck in a held batch.
    await Promise.all(workers.map((child) => stopProcess(child, 3_000)));
    const redis = createRedis(process.env.REDIS_URL as string, 'test-cleanup');
    try {
      const queue = new Queue('projections', { connection: redis, prefix: `${prefix}:bull` });
      await queue.obliterate({ force: true });
      await queue.close();
    } finally {
      await closeRedis(redis);
    }
    await dropThingsTables(db);
    await db.destroy();
  });

  it('killed in the middle of a batch, restarts where its last commit left it: tables equal a rebuild', async () => {
    // 20 transactions of 1,000 events: 200 things with a creation and 99 moves each.
    const head = await insertThings(db, {
      transactions: 20,
      thingsPerTransaction: 10,
      movesEach: 99,
    });
    const caughtUp = async () => hasReached(await readCheckpoint(db, thingsProjection.name), head);

    // It commits two batches of 1,000, then holds the third open until it is killed: the kill
    // lands inside a batch by construction, and the worker cannot have caught up (20 batches).
    const signals = mkdtempSync(path.join(tmpdir(), 'vira-hold-'));
    const holdingFile = path.join(signals, 'holding');
    const first = startWorker({
      VIRA_TEST_HOLD_AFTER_BATCHES: '2',
      VIRA_TEST_HOLDING_FILE: holdingFile,
    });
    await waitUntil(
      async () => {
        if (first.exitCode !== null) throw new Error(`o worker saiu com código ${first.exitCode}`);
        return existsSync(holdingFile) && (await workerSessions(db)).holding > 0;
      },
      60_000,
      'o worker segurando um lote depois de confirmar dois',
    );
    rmSync(signals, { recursive: true, force: true });
    // Held: the checkpoint is that of the second commit and stays so until the kill.
    const beforeKill: Checkpoint = await readCheckpoint(db, thingsProjection.name);
    first.kill('SIGKILL');
    await waitUntil(
      () => first.exitCode !== null || first.signalCode !== null,
      5_000,
      'o worker morrer',
    );
    await waitUntil(
      async () => (await workerSessions(db)).sessions === 0,
      10_000,
      'o PostgreSQL encerrar as sessões do worker',
    );

    // The batch in flight left nothing: checkpoint and rows are those of the last commit.
    expect(beforeKill.position).toBeGreaterThan(0);
    expect(await readCheckpoint(db, thingsProjection.name)).toEqual(beforeKill);
    expect(await caughtUp()).toBe(false);
    const applied = await sql<{ moves: number; expected: number }>`
      select (select count(*)::int from test_thing_moves) as moves,
             (select count(*)::int from events where event_type = 'ThingMoved'
                and (transaction_id, global_position) <= (${beforeKill.transactionId}::xid8, ${beforeKill.position}::bigint)) as expected`.execute(
      db,
    );
    // (The log before ours holds other suites' events: the first batches may have none of ours.)
    expect(applied.rows[0].moves).toBe(applied.rows[0].expected);

    startWorker();
    await waitUntil(caughtUp, 30_000, 'o worker reiniciado alcançar o fim do log');
    const afterRestart = await thingsTables(db);
    expect(afterRestart.moves.length).toBeGreaterThanOrEqual(200 * 99);

    await rebuildProjection(db, thingsProjection, { batchSize: 700 });
    expect(await thingsTables(db)).toEqual(afterRestart);
  });
});

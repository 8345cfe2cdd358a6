import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';
import { workerDatabase } from '../../../../../test/support/test-databases';
import { databaseUrlFor } from '../../../../../test/support/services';
import type { Db } from '../../database/database.module';
import { appendEvents } from '../../event-store/event-store';
import { hasReached } from '../checkpoint';
import { takeEventsAfter } from '../gap-free-read';
import { drainProjection, readCheckpoint, readersBehind } from '../projection-runner';
import { RebuildBehindLiveError, rebuildProjection } from '../rebuild';
import {
  createThingsTables,
  dropThingsTables,
  logHead,
  THING_EVENT_TYPES,
  THING_STREAM,
  thingMetadata,
  thingsProjection,
  thingsTables,
} from './support/things';

/** Runs the projection until its checkpoint reaches the end of the log committed so far. */
async function projectToHead(db: Db, timeoutMs = 10_000): Promise<void> {
  const head = await logHead(db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainProjection(db, thingsProjection, { batchSize: 1_000, budgetMs: 60_000 });
    if (hasReached(await readCheckpoint(db, thingsProjection.name), head)) return;
    if (Date.now() > deadline) throw new Error('a projeção não alcançou o fim do log');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const create = (tenantId: string, streamId: string, moves: number[] = []) => ({
  tenantId,
  streamType: THING_STREAM,
  streamId,
  expectedVersion: 0,
  metadata: thingMetadata(),
  events: [
    { type: 'ThingCreated', data: { name: 'Coisa' } },
    ...moves.map((delta) => ({ type: 'ThingMoved', data: { delta } })),
  ],
});

async function totalOf(db: Db, id: string): Promise<number | undefined> {
  const { rows } = await sql<{
    total: number;
  }>`select total from test_things where id = ${id}`.execute(db);
  return rows[0]?.total;
}

describe('projection runner', () => {
  const db: Db = workerDatabase('projection-runner-test', 12);

  beforeAll(() => createThingsTables(db));
  afterAll(async () => {
    await dropThingsTables(db);
    await db.destroy();
  });

  it('never passes a transaction still open, and applies it once it commits', async () => {
    const tenantId = randomUUID();
    const [early, late] = [randomUUID(), randomUUID()];
    let appended!: () => void;
    let release!: () => void;
    const appendedOpen = new Promise<void>((resolve) => (appended = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const open = db.transaction().execute(async (trx) => {
      await appendEvents(trx, create(tenantId, early, [2]));
      appended();
      await gate;
    });
    await appendedOpen;
    const committed = await appendEvents(db, create(tenantId, late, [2]));

    await drainProjection(db, thingsProjection, { batchSize: 100, budgetMs: 5_000 });
    // `late` committed, but after `early` in commit order, and `early` is still open.
    expect(await totalOf(db, late)).toBeUndefined();
    expect(await totalOf(db, early)).toBeUndefined();
    const checkpoint = await readCheckpoint(db, thingsProjection.name);
    expect(checkpoint.position).toBeLessThan(committed.position);

    release();
    await open;
    await projectToHead(db);
    expect(await totalOf(db, early)).toBe(2);
    expect(await totalOf(db, late)).toBe(2);
  });

  it('reads in commit order with transaction ids compared as numbers, never as text', async () => {
    // Ids of different lengths (9 and 10; in a real log, 99999 and 100000): as text '10' < '9'.
    await db
      .transaction()
      .execute(async (trx) => {
        for (const transactionId of ['10', '9']) {
          await sql`
            insert into events (transaction_id, tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
            values (${transactionId}::xid8, ${randomUUID()}::uuid, ${THING_STREAM}, ${randomUUID()}::uuid, 1,
                    'ThingCreated', '{"name": "Coisa"}'::jsonb, ${JSON.stringify(thingMetadata())}::jsonb)`.execute(
            trx,
          );
        }
        const reader = { name: 'test-commit-order', eventTypes: THING_EVENT_TYPES };
        await sql`
          insert into projection_checkpoints (name, transaction_id, global_position)
          values (${reader.name}, '8'::xid8, 0)`.execute(trx);
        const one = await takeEventsAfter(trx, reader, 1, []);
        expect(one.events.map((event) => event.transactionId)).toEqual(['9']);
        expect(one.end.transactionId).toBe('9');
        // The same statement moved the checkpoint: the next take goes on after 9.
        const next = await takeEventsAfter(trx, reader, 1, []);
        expect(next.from.transactionId).toBe('9');
        expect(next.events.map((event) => event.transactionId)).toEqual(['10']);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
  });

  it('reads only the event types the projection folds, and moves its checkpoint past the others', async () => {
    const tenantId = randomUUID();
    const thing = randomUUID();
    await projectToHead(db);
    const appendOther = (count: number) =>
      appendEvents(db, {
        tenantId,
        streamType: 'test-other',
        streamId: randomUUID(),
        expectedVersion: 0,
        metadata: thingMetadata(),
        events: Array.from({ length: count }, () => ({ type: 'OtherHappened', data: {} })),
      });
    await appendOther(3);
    await appendEvents(db, create(tenantId, thing, [5]));
    const last = await appendOther(4);

    const seen: string[] = [];
    const watching = {
      ...thingsProjection,
      apply: (
        batch: Parameters<typeof thingsProjection.apply>[0],
        trx: Parameters<typeof thingsProjection.apply>[1],
      ) => {
        seen.push(...batch.map((event) => event.eventType));
        return thingsProjection.apply(batch, trx);
      },
    };
    // A batch of 2 fills with the thing's two events; the next one finds none of its types.
    expect(await drainProjection(db, watching, { batchSize: 2, budgetMs: 5_000 })).toBe(
      'caught-up',
    );
    expect(seen).toEqual(['ThingCreated', 'ThingMoved']);
    expect(await totalOf(db, thing)).toBe(5);
    // Past the other stream's last event: the next read does not scan them again.
    expect(await readCheckpoint(db, thingsProjection.name)).toEqual({
      transactionId: last.transactionId,
      position: last.position,
    });
    // So the safety net finds nothing left for it: not while other events are committed, only
    // once one of its own is, or the others have taken it too far from the log end.
    const reader = { name: thingsProjection.name, eventTypes: THING_EVENT_TYPES };
    const never = { name: 'test-never-ran', eventTypes: THING_EVENT_TYPES };
    expect(await readersBehind(db, [reader, never])).toEqual(new Set([never.name]));
    await appendOther(3);
    expect(await readersBehind(db, [reader])).toEqual(new Set());
    expect(await readersBehind(db, [reader], 2)).toEqual(new Set([reader.name]));
    await appendEvents(db, create(tenantId, randomUUID()));
    expect(await readersBehind(db, [reader])).toEqual(new Set([reader.name]));
  });

  it('rebuilds into fresh tables equal to the live ones after thousands of interleaved events, while serving, and never moves the checkpoint back', async () => {
    const tenantId = randomUUID();
    const things = Array.from({ length: 40 }, () => randomUUID());
    const versions = new Map(things.map((id) => [id, 1]));
    await Promise.all(things.map((id) => appendEvents(db, create(tenantId, id))));
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 20; round++) {
      // Concurrent appends on distinct streams: transaction ids and positions interleave.
      await Promise.all(
        things.map((id) => {
          const moves = Array.from({ length: 2 + random(3) }, () => random(7) - 3);
          const expectedVersion = versions.get(id) as number;
          versions.set(id, expectedVersion + moves.length);
          return appendEvents(db, {
            ...create(tenantId, id),
            expectedVersion,
            events: moves.map((delta) => ({ type: 'ThingMoved', data: { delta } })),
          });
        }),
      );
    }
    expect(
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from events where stream_type = ${THING_STREAM}`.execute(db)
        ).rows[0].n,
      ),
    ).toBeGreaterThan(2_000);

    await projectToHead(db);
    const live = await thingsTables(db);
    const liveCheckpoint = await readCheckpoint(db, thingsProjection.name);
    let serving = true;
    const reads = (async () => {
      let count = 0;
      while (serving) {
        await sql`select count(*) from test_things t join test_thing_moves m on m.thing_id = t.id`.execute(
          db,
        );
        count += 1;
      }
      return count;
    })();
    try {
      const report = await rebuildProjection(db, thingsProjection, { batchSize: 700 });
      expect(report.events).toBeGreaterThan(2_000);
    } finally {
      serving = false;
    }
    expect(await reads).toBeGreaterThan(0);
    expect(await thingsTables(db)).toEqual(live);
    expect(hasReached(await readCheckpoint(db, thingsProjection.name), liveCheckpoint)).toBe(true);
    const schemas =
      await sql`select nspname from pg_namespace where nspname like 'rebuild_%'`.execute(db);
    expect(schemas.rows).toEqual([]);
  });

  it('rebuilds without scanning its fresh tables whole: each batch reaches the rows it folds by key', async () => {
    const tenantId = randomUUID();
    await Promise.all(
      Array.from({ length: 300 }, () => appendEvents(db, create(tenantId, randomUUID(), [1, 2]))),
    );
    await projectToHead(db);
    // Whole scans of the fresh tables by each batch's statements, as PostgreSQL counts them (its
    // count for this connection: before and after, so only these statements' scans).
    const scansPerBatch: number[] = [];
    const freshScans = async (trx: Db) =>
      (
        await sql<{ scans: number }>`
          select coalesce(sum(seq_scan), 0)::int as scans from pg_stat_xact_user_tables
          where schemaname like 'rebuild_%'`.execute(trx)
      ).rows[0].scans;
    const counted: typeof thingsProjection = {
      ...thingsProjection,
      async apply(batch, trx) {
        const before = await freshScans(trx);
        const changes = await thingsProjection.apply(batch, trx);
        scansPerBatch.push((await freshScans(trx)) - before);
        return changes;
      },
    };
    await rebuildProjection(db, counted, { batchSize: 200 });
    expect(scansPerBatch.length).toBeGreaterThan(3);
    expect(scansPerBatch.filter((scans) => scans > 0)).toEqual([]);
    expect(
      await totalOf(
        db,
        (
          await sql<{
            id: string;
          }>`select id from test_things where tenant_id = ${tenantId} limit 1`.execute(db)
        ).rows[0].id,
      ),
    ).toBe(3);
  });

  describe('with a transaction holding an id in another database of the cluster', () => {
    const adminUrl = process.env.VIRA_TEST_ADMIN_DATABASE_URL as string;
    // Named like the run's databases, so global-teardown drops it even if this suite dies.
    const scratch = `vira_t${process.env.VIRA_TEST_RUN_PID}_scratch_w${process.env.JEST_WORKER_ID ?? '1'}`;
    let other: Client;
    let otherXid: string;

    beforeAll(async () => {
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${scratch}" with (force)`);
      await admin.query(`create database "${scratch}"`);
      await admin.end();
      other = new Client({ connectionString: databaseUrlFor(adminUrl, scratch) });
      await other.connect();
      await other.query('begin');
      // Taking a transaction id is what holds pg_snapshot_xmin back, in every database.
      otherXid = (await other.query<{ xid: string }>('select pg_current_xact_id()::text as xid'))
        .rows[0].xid;
    });
    afterAll(async () => {
      await other.query('rollback').catch(() => undefined);
      await other.end();
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${scratch}" with (force)`);
      await admin.end();
    });

    it('keeps the projection up with the log, and a rebuild then equals the live tables', async () => {
      const tenantId = randomUUID();
      const things = Array.from({ length: 20 }, () => randomUUID());
      await Promise.all(things.map((id) => appendEvents(db, create(tenantId, id, [1, 2, 3]))));
      const head = await logHead(db);
      // The scene is the one that stalled projections: the cluster-wide horizon is held back
      // below events committed here since.
      const held = await sql<{ held: boolean }>`
        select pg_snapshot_xmin(pg_current_snapshot()) <= ${otherXid}::xid8 as held`.execute(db);
      expect(held.rows[0].held).toBe(true);
      expect(BigInt(head.transactionId)).toBeGreaterThan(BigInt(otherXid));

      expect(
        await drainProjection(db, thingsProjection, { batchSize: 1_000, budgetMs: 10_000 }),
      ).toBe('caught-up');
      expect(hasReached(await readCheckpoint(db, thingsProjection.name), head)).toBe(true);
      for (const id of things) expect(await totalOf(db, id)).toBe(6);

      const live = await thingsTables(db);
      const liveCheckpoint = await readCheckpoint(db, thingsProjection.name);
      await rebuildProjection(db, thingsProjection, { batchSize: 50, catchUpTimeoutMs: 5_000 });
      expect(await thingsTables(db)).toEqual(live);
      expect(await readCheckpoint(db, thingsProjection.name)).toEqual(liveCheckpoint);
      // Still open all along.
      expect((await other.query('select 1')).rowCount).toBe(1);
    });
  });

  it('gives up, in pt-BR, without touching the live tables when the rebuild cannot reach the live checkpoint', async () => {
    await projectToHead(db);
    const saved = await readCheckpoint(db, thingsProjection.name);
    const before = await thingsTables(db);
    // A live checkpoint past anything the log holds: the rebuilt tables can only be behind it.
    await sql`
      update projection_checkpoints
      set transaction_id = (pg_snapshot_xmax(pg_current_snapshot())::text::bigint + 1000000)::text::xid8,
          global_position = global_position + 1000000
      where name = ${thingsProjection.name}`.execute(db);
    const ahead = await readCheckpoint(db, thingsProjection.name);
    try {
      const rebuild = rebuildProjection(db, thingsProjection, { catchUpTimeoutMs: 500 });
      await expect(rebuild).rejects.toBeInstanceOf(RebuildBehindLiveError);
      await expect(rebuild).rejects.toThrow(
        /A reconstrução de test-things não alcançou o modelo ao vivo.*As tabelas ao vivo foram mantidas/,
      );
      expect(await thingsTables(db)).toEqual(before);
      expect(await readCheckpoint(db, thingsProjection.name)).toEqual(ahead);
      const schemas =
        await sql`select nspname from pg_namespace where nspname like 'rebuild_%'`.execute(db);
      expect(schemas.rows).toEqual([]);
    } finally {
      await sql`
        update projection_checkpoints
        set transaction_id = ${saved.transactionId}::xid8, global_position = ${saved.position}
        where name = ${thingsProjection.name}`.execute(db);
    }
  });
});

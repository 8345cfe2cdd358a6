import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { appendEvents, ConcurrencyError } from '../event-store';
import { trainerMetadata } from '../../../../../test/support/event-metadata';
import { workerDatabase } from '../../../../../test/support/test-databases';

/*
 * Event and stream types no projection reads: this database is shared with the other suites of the
 * jest worker, whose projections would otherwise fold these made-up events as a student's.
 */
const metadata = trainerMetadata();

describe('appendEvents', () => {
  const db = workerDatabase('test', 4);
  afterAll(() => db.destroy());

  it('appends a decision in one statement with consecutive versions and reads them back in order', async () => {
    const tenantId = randomUUID();
    const streamId = randomUUID();
    const events = [
      { type: 'ThingRegistered', data: { nome: 'Ana' } },
      { type: 'ThingCounted', data: { amount: 3 } },
    ];
    const result = await appendEvents(db, {
      tenantId,
      streamType: 'event-store-test',
      streamId,
      expectedVersion: 0,
      events,
      metadata,
    });
    expect(result.nextVersion).toBe(2);
    const rows = await sql<{ streamVersion: number; eventType: string; globalPosition: number }>`
      select stream_version, event_type, global_position from events where stream_id = ${streamId}::uuid order by stream_version`.execute(
      db,
    );
    expect(rows.rows.map((row) => [row.streamVersion, row.eventType])).toEqual([
      [1, 'ThingRegistered'],
      [2, 'ThingCounted'],
    ]);
    expect(result.position).toBe(rows.rows[1].globalPosition);
  });

  it('turns a stale expected version into a ConcurrencyError and writes nothing', async () => {
    const tenantId = randomUUID();
    const streamId = randomUUID();
    const base = { tenantId, streamType: 'event-store-test', streamId, metadata };
    await appendEvents(db, { ...base, expectedVersion: 0, events: [{ type: 'A', data: {} }] });
    await expect(
      appendEvents(db, {
        ...base,
        expectedVersion: 0,
        events: [
          { type: 'B', data: {} },
          { type: 'C', data: {} },
        ],
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from events where stream_id = ${streamId}::uuid`.execute(db);
    expect(count.rows[0].n).toBe(1);
  });
});

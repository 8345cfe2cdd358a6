import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase, createPool } from '../../database/database';
import { appendEvents, readStream } from '../event-store';
import { UpcasterRegistry, upcasters } from '../upcasters';

describe('schema versions and upcasters', () => {
  const db = createDatabase(
    createPool({
      connectionString: process.env.DATABASE_URL!,
      poolMax: 2,
      applicationName: 'test',
    }),
  );
  afterAll(() => db.destroy());

  it('writes new events at the current version and reads old ones in the current shape', async () => {
    const type = `TestRenamed${randomUUID().slice(0, 8)}`;
    const tenantId = randomUUID();
    const streamId = randomUUID();
    const metadata = {
      actorId: 'a',
      actorRole: 'system' as const,
      correlationId: 'c',
      causationId: 'c',
      commandId: 'c',
    };
    await appendEvents(db, {
      tenantId,
      streamType: 'test',
      streamId,
      expectedVersion: 0,
      metadata,
      events: [{ type, data: { name: 'Ana' } }],
    });

    // The shape changes: v1 { name } becomes v2 { nome }.
    upcasters.register(type, 1, (data) => ({ nome: (data as { name: string }).name }));
    await appendEvents(db, {
      tenantId,
      streamType: 'test',
      streamId,
      expectedVersion: 1,
      metadata,
      events: [{ type, data: { nome: 'Bia' } }],
    });

    const stored = await sql<{ schemaVersion: number }>`
      select schema_version from events where stream_id = ${streamId}::uuid order by stream_version`.execute(
      db,
    );
    expect(stored.rows.map((row) => row.schemaVersion)).toEqual([1, 2]);
    expect((await readStream(db, tenantId, streamId)).map((event) => event.data)).toEqual([
      { nome: 'Ana' },
      { nome: 'Bia' },
    ]);
  });

  it('chains upcasters and refuses a duplicate step', () => {
    const registry = new UpcasterRegistry();
    registry.register('E', 1, (data) => ({ ...(data as object), b: 1 }));
    registry.register('E', 2, (data) => ({ ...(data as object), c: 2 }));
    expect(registry.currentVersion('E')).toBe(3);
    expect(registry.upcast('E', 1, { a: 0 })).toEqual({ a: 0, b: 1, c: 2 });
    expect(registry.upcast('E', 3, { a: 0 })).toEqual({ a: 0 });
    expect(() => registry.register('E', 1, (data) => data)).toThrow('upcaster duplicado');
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { eventData } from '../../../contracts/shared/event-catalogue';
import {
  declarePersonalData,
  PERSONAL_DATA_REMOVED,
  registerPersonalData,
} from '../../../contracts/shared/personal-data';
import { appendEvents, readStream, type AppendRequest } from '../event-store';
import { GroupCommit, WRITES_AT_ONCE } from '../group-commit';
import { trainerMetadata } from '../../../../../test/support/event-metadata';
import { workerDatabase } from '../../../../../test/support/test-databases';

/* Made-up event types no projection reads (the database is shared with the worker's other suites). */
registerPersonalData(
  declarePersonalData(
    { GroupTestProfiled: eventData<{ nome: string; plano: string }>() },
    { GroupTestProfiled: { subject: 'stream', fields: ['nome'] } },
  ),
);

const metadata = trainerMetadata();

describe('group commit across streams', () => {
  const db = workerDatabase('test', 4);
  afterAll(() => db.destroy());

  const profiled = (tenantId: string, streamId: string, nome: string, expectedVersion = 0) =>
    ({
      tenantId,
      streamType: 'group-test',
      streamId,
      expectedVersion,
      events: [{ type: 'GroupTestProfiled', data: { nome, plano: 'mensal' } }],
      metadata,
    }) satisfies AppendRequest;
  const transactionsOf = async (streamIds: string[]) =>
    (
      await sql<{ n: number }>`
        select count(distinct transaction_id)::int as n from events
        where stream_id = any(${streamIds}::uuid[])`.execute(db)
    ).rows[0].n;

  it('writes the appends that waited for a writer together, each answered its own position', async () => {
    const tenantId = randomUUID();
    const group = new GroupCommit(db);
    const streams = Array.from({ length: 20 }, () => randomUUID());
    // Sent in one tick: the first WRITES_AT_ONCE find a writer free, the rest wait for one.
    const results = await Promise.all(
      streams.map((streamId, index) =>
        group.append(profiled(tenantId, streamId, `Aluno ${index}`)),
      ),
    );

    expect(await transactionsOf(streams)).toBeLessThanOrEqual(WRITES_AT_ONCE + 1);
    for (const [index, streamId] of streams.entries()) {
      const [event] = await readStream(db, tenantId, streamId);
      expect(event.data).toEqual({ nome: `Aluno ${index}`, plano: 'mensal' });
      expect(results[index]).toMatchObject({ nextVersion: 1, position: event.globalPosition });
    }
    expect(new Set(results.map((result) => result.position)).size).toBe(streams.length);
  });

  it('lets a clash in a group fail only its own append', async () => {
    const tenantId = randomUUID();
    const taken = randomUUID();
    await appendEvents(db, profiled(tenantId, taken, 'Primeiro'));
    const group = new GroupCommit(db);
    const others = Array.from({ length: WRITES_AT_ONCE + 6 }, () => randomUUID());
    const results = await Promise.allSettled([
      ...others.map((streamId) => group.append(profiled(tenantId, streamId, 'Outro'))),
      group.append(profiled(tenantId, taken, 'Segundo')),
    ]);

    expect(results.slice(0, others.length).every((result) => result.status === 'fulfilled')).toBe(
      true,
    );
    const clash = results[others.length];
    expect(clash.status === 'rejected' && (clash.reason as Error).name).toBe('ConcurrencyError');
    expect((await readStream(db, tenantId, taken)).map((event) => event.data)).toEqual([
      { nome: 'Primeiro', plano: 'mensal' },
    ]);
    for (const streamId of others) expect(await readStream(db, tenantId, streamId)).toHaveLength(1);
  });

  it('never seals a grouped append with a key erased meanwhile, and appends the rest of the group', async () => {
    const tenantId = randomUUID();
    const erased = randomUUID();
    await appendEvents(db, profiled(tenantId, erased, 'Lia Antes'));
    // Erased by another process: this one still holds the key it sealed with.
    await sql`update data_subject_keys set sealed_key = null, erased_at = now()
              where subject_id = ${erased}::uuid`.execute(db);
    const group = new GroupCommit(db);
    const others = Array.from({ length: WRITES_AT_ONCE + 6 }, () => randomUUID());
    await Promise.all([
      ...others.map((streamId) => group.append(profiled(tenantId, streamId, 'Rui'))),
      group.append(profiled(tenantId, erased, 'Lia Depois', 1)),
    ]);

    const raw = await sql<{ raw: string }>`
      select row_to_json(events)::text as raw from events where stream_id = ${erased}::uuid`.execute(
      db,
    );
    expect(raw.rows.map((row) => row.raw).join('\n')).not.toContain('Lia');
    expect((await readStream(db, tenantId, erased))[1].data).toEqual({
      nome: PERSONAL_DATA_REMOVED,
      plano: 'mensal',
    });
    for (const streamId of others)
      expect((await readStream(db, tenantId, streamId))[0].data).toEqual({
        nome: 'Rui',
        plano: 'mensal',
      });
  });
});

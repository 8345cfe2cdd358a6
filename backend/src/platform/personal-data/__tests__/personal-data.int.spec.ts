import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { eventData } from '../../../contracts/shared/event-catalogue';
import {
  declarePersonalData,
  registerPersonalData,
  PERSONAL_DATA_REMOVED,
} from '../../../contracts/shared/personal-data';
import { appendEvents, readStream } from '../../event-store/event-store';
import { personalDataVault } from '../vault';
import { trainerMetadata } from '../../../../../test/support/event-metadata';
import { workerDatabase } from '../../../../../test/support/test-databases';

/* Made-up event types no projection reads (the database is shared with the worker's other suites). */
const vaultTestEvents = {
  VaultTestProfiled: eventData<{ nome: string; email: string | null; plano: string }>(),
  VaultTestPaid: eventData<{ payerId: string | null; descricao: string; valorCentavos: number }>(),
};
registerPersonalData(
  declarePersonalData(vaultTestEvents, {
    VaultTestProfiled: { subject: 'stream', fields: ['nome', 'email'] },
    VaultTestPaid: { subject: 'payerId', fields: ['descricao'] },
  }),
);

const metadata = trainerMetadata();

describe('personal data in the event log', () => {
  const db = workerDatabase('test', 4);
  afterAll(() => db.destroy());

  const append = (
    tenantId: string,
    streamId: string,
    version: number,
    events: { type: string; data: unknown }[],
  ) =>
    appendEvents(db, {
      tenantId,
      streamType: 'vault-test',
      streamId,
      expectedVersion: version,
      events,
      metadata,
    });
  const rawRows = async (streamId: string) =>
    (
      await sql<{ raw: string }>`
        select row_to_json(events)::text as raw from events where stream_id = ${streamId}::uuid
        order by stream_version`.execute(db)
    ).rows.map((row) => row.raw);

  it('seals the declared fields with the subject own key, reads them back, and forgets them once erased', async () => {
    const tenantId = randomUUID();
    const subject = randomUUID();
    const payment = randomUUID();
    await append(tenantId, subject, 0, [
      {
        type: 'VaultTestProfiled',
        data: { nome: 'Joana Cifrada', email: 'joana@cifrada.dev', plano: 'mensal' },
      },
    ]);
    await append(tenantId, payment, 0, [
      {
        type: 'VaultTestPaid',
        data: { payerId: subject, descricao: 'Pix de Joana Cifrada', valorCentavos: 15000 },
      },
      {
        type: 'VaultTestPaid',
        data: { payerId: null, descricao: 'Aluguel da sala', valorCentavos: 90000 },
      },
    ]);

    const stored = [...(await rawRows(subject)), ...(await rawRows(payment))].join('\n');
    expect(stored).not.toMatch(/Joana|cifrada\.dev/);
    expect(stored).toContain('mensal');
    expect(stored).toContain('Aluguel da sala');
    const keys = await sql<{ sealedKey: string }>`
      select sealed_key from data_subject_keys where subject_id = ${subject}::uuid`.execute(db);
    expect(keys.rows).toHaveLength(1);

    expect((await readStream(db, tenantId, subject))[0].data).toEqual({
      nome: 'Joana Cifrada',
      email: 'joana@cifrada.dev',
      plano: 'mensal',
    });
    expect((await readStream(db, tenantId, payment)).map((event) => event.data)).toEqual([
      { payerId: subject, descricao: 'Pix de Joana Cifrada', valorCentavos: 15000 },
      { payerId: null, descricao: 'Aluguel da sala', valorCentavos: 90000 },
    ]);

    await personalDataVault.erase(db, tenantId, [subject]);
    expect((await readStream(db, tenantId, subject))[0].data).toEqual({
      nome: PERSONAL_DATA_REMOVED,
      email: PERSONAL_DATA_REMOVED,
      plano: 'mensal',
    });
    expect((await readStream(db, tenantId, payment)).map((event) => event.data)).toEqual([
      { payerId: subject, descricao: PERSONAL_DATA_REMOVED, valorCentavos: 15000 },
      { payerId: null, descricao: 'Aluguel da sala', valorCentavos: 90000 },
    ]);
    const erased = await sql<{ sealedKey: string | null }>`
      select sealed_key from data_subject_keys where subject_id = ${subject}::uuid`.execute(db);
    expect(erased.rows).toEqual([{ sealedKey: null }]);

    // Written after the erasure: never readable, no new key.
    await append(tenantId, subject, 1, [
      { type: 'VaultTestProfiled', data: { nome: 'Joana de Novo', email: null, plano: 'anual' } },
    ]);
    expect((await rawRows(subject)).join('\n')).not.toContain('Joana');
    expect((await readStream(db, tenantId, subject))[1].data).toEqual({
      nome: PERSONAL_DATA_REMOVED,
      email: null,
      plano: 'anual',
    });
  });

  it('gives a key made in a transaction that rolls back to nobody', async () => {
    const tenantId = randomUUID();
    const subject = randomUUID();
    await expect(
      db.transaction().execute(async (trx) => {
        await appendEvents(trx, {
          tenantId,
          streamType: 'vault-test',
          streamId: subject,
          expectedVersion: 0,
          events: [{ type: 'VaultTestProfiled', data: { nome: 'Rui', email: null, plano: 'x' } }],
          metadata,
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await append(tenantId, subject, 0, [
      { type: 'VaultTestProfiled', data: { nome: 'Rui Depois', email: null, plano: 'x' } },
    ]);
    expect((await readStream(db, tenantId, subject))[0].data).toMatchObject({ nome: 'Rui Depois' });
  });

  it('never seals with a key another process erased, nor opens with one it opened before', async () => {
    const tenantId = randomUUID();
    const subject = randomUUID();
    await append(tenantId, subject, 0, [
      { type: 'VaultTestProfiled', data: { nome: 'Lia Antes', email: null, plano: 'x' } },
    ]);
    expect((await readStream(db, tenantId, subject))[0].data).toMatchObject({ nome: 'Lia Antes' });

    // Erased by another process (the worker, another API instance): this one is not told.
    await sql`update data_subject_keys set sealed_key = null, erased_at = now()
              where subject_id = ${subject}::uuid`.execute(db);
    expect((await readStream(db, tenantId, subject))[0].data).toMatchObject({
      nome: PERSONAL_DATA_REMOVED,
    });
    await append(tenantId, subject, 1, [
      { type: 'VaultTestProfiled', data: { nome: 'Lia Depois', email: null, plano: 'y' } },
    ]);
    expect((await rawRows(subject)).join('\n')).not.toContain('Lia');
    expect((await readStream(db, tenantId, subject))[1].data).toMatchObject({
      nome: PERSONAL_DATA_REMOVED,
      plano: 'y',
    });
  });

  it('seals a new stream with the key its subject already has, or none once erased', async () => {
    const tenantId = randomUUID();
    const known = randomUUID();
    await append(tenantId, randomUUID(), 0, [
      {
        type: 'VaultTestPaid',
        data: { payerId: known, descricao: 'Pix de Téo', valorCentavos: 1 },
      },
    ]);
    // Made by another process: this one has not seen it.
    personalDataVault.forget([known]);
    await append(tenantId, known, 0, [
      { type: 'VaultTestProfiled', data: { nome: 'Téo', email: null, plano: 'x' } },
    ]);
    expect((await readStream(db, tenantId, known))[0].data).toMatchObject({ nome: 'Téo' });
    const keys = await sql<{ n: number }>`
      select count(*)::int as n from data_subject_keys where subject_id = ${known}::uuid`.execute(
      db,
    );
    expect(keys.rows).toEqual([{ n: 1 }]);

    const erased = randomUUID();
    await personalDataVault.erase(db, tenantId, [erased]);
    await append(tenantId, erased, 0, [
      { type: 'VaultTestProfiled', data: { nome: 'Ivo', email: null, plano: 'x' } },
    ]);
    expect((await rawRows(erased)).join('\n')).not.toContain('Ivo');
    expect((await readStream(db, tenantId, erased))[0].data).toMatchObject({
      nome: PERSONAL_DATA_REMOVED,
    });
  });

  it('appends new streams of the same subject side by side: one key, one stream, the rest clash', async () => {
    const tenantId = randomUUID();
    const subject = randomUUID();
    const results = await Promise.allSettled(
      ['A', 'B', 'C', 'D'].map((nome) =>
        append(tenantId, subject, 0, [
          { type: 'VaultTestProfiled', data: { nome, email: null, plano: 'x' } },
        ]),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected')
        expect((result.reason as Error).name).toBe('ConcurrencyError');
    const [event] = await readStream(db, tenantId, subject);
    expect(event.data).toEqual(expect.objectContaining({ nome: expect.stringMatching(/^[ABCD]$/) }));
  });
});

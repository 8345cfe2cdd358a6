import { sql } from 'kysely';
import { workerDatabase } from '../../../../../test/support/test-databases';
import { compiledOnce } from '../compiled-once';

interface Schema {
  compiledOnceRows: { id: number; tenantId: string; startsAt: Date; nomeInformado: string };
}

describe('a query built once, run with new values', () => {
  const db = workerDatabase<Schema>('vira-test-compiled-once');
  let builds = 0;
  const between = compiledOnce((at: { tenantId: string; from: Date; to: Date; limit: number }) => {
    builds++;
    return db
      .selectFrom('compiledOnceRows')
      .select(['id', 'nomeInformado'])
      .where('tenantId', '=', at.tenantId)
      .where('startsAt', '>=', at.from)
      .where('startsAt', '<', at.to)
      .orderBy('id')
      .limit(at.limit);
  });

  beforeAll(async () => {
    await sql`create temporary table compiled_once_rows (
      id int primary key, tenant_id text not null, starts_at timestamptz not null, nome_informado text not null)`.execute(
      db,
    );
    await sql`insert into compiled_once_rows
      select n, case when n % 2 = 0 then 'par' else 'impar' end, '2031-03-01T00:00:00Z'::timestamptz + n * interval '1 day', 'Aluno ' || n
      from generate_series(1, 20) as n`.execute(db);
  });
  afterAll(() => db.destroy());

  it('answers each run with its own values, as the query built with them would', async () => {
    const march = { from: new Date('2031-03-01T00:00:00Z'), to: new Date('2031-03-08T00:00:00Z') };
    const evenInMarch = await between(db, { tenantId: 'par', ...march, limit: 10 });
    const oddInMarch = await between(db, { tenantId: 'impar', ...march, limit: 2 });
    const none = await between(db, { tenantId: 'outro', ...march, limit: 10 });

    expect(evenInMarch).toEqual([2, 4, 6].map((id) => ({ id, nomeInformado: `Aluno ${id}` })));
    expect(oddInMarch).toEqual([1, 3].map((id) => ({ id, nomeInformado: `Aluno ${id}` })));
    expect(none).toEqual([]);
    expect(builds).toBe(1);
  });
});

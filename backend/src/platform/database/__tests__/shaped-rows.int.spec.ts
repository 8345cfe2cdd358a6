import { sql } from 'kysely';
import { workerDatabase } from '../../../../../test/support/test-databases';
import { shapedRows } from '../shaped-rows';

interface Schema {
  shapedRowsSessions: { id: number; tenantId: string; startsAt: Date; nomeInformado: string };
}

describe('a hot read answered as the SQL shapes its rows', () => {
  const db = workerDatabase<Schema>('vira-test-shaped-rows');
  const between = shapedRows<
    { id: number; inicio: string; nomeInformado: string; tenant_id: string },
    [tenantId: string, from: Date, to: Date]
  >(`
    select id, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as inicio,
      nome_informado as "nomeInformado", tenant_id
    from shaped_rows_sessions
    where tenant_id = $1 and starts_at >= $2 and starts_at < $3
    order by id`);

  beforeAll(async () => {
    await sql`create temporary table shaped_rows_sessions (
      id int primary key, tenant_id text not null, starts_at timestamptz not null, nome_informado text not null)`.execute(
      db,
    );
    await sql`insert into shaped_rows_sessions
      select n, case when n % 2 = 0 then 'par' else 'impar' end, '2031-03-01T00:00:00Z'::timestamptz + n * interval '1 day', 'Aluno ' || n
      from generate_series(1, 20) as n`.execute(db);
  });
  afterAll(() => db.destroy());

  it("answers each run's rows with the names and values the SQL gives them: nothing renamed or converted", async () => {
    const march = [new Date('2031-03-01T00:00:00Z'), new Date('2031-03-06T00:00:00Z')] as const;
    // Run often enough for the pool to prepare the statement (preparing-client.ts): the same rows.
    for (let run = 0; run < 4; run++) {
      expect(await between(db, 'par', ...march)).toEqual(
        [2, 4].map((id) => ({
          id,
          inicio: `2031-03-0${1 + id}T00:00:00.000Z`,
          nomeInformado: `Aluno ${id}`,
          // A column the SQL left in snake_case stays so: the app's camelCase plugin is not applied.
          tenant_id: 'par',
        })),
      );
    }
    expect((await between(db, 'impar', ...march)).map((row) => row.id)).toEqual([1, 3]);
    expect(await between(db, 'outro', ...march)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { Client } from 'pg';
import { workerDatabase } from '../../../../../test/support/test-databases';

describe('prepared statements', () => {
  const db = workerDatabase<unknown>('vira-test-prepared');
  const table = `prepared_${randomUUID().replaceAll('-', '')}`;
  afterAll(async () => {
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
    await db.destroy();
  });

  const preparedOnConnection = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
    ).rows.map((row) => row.statement);

  it('prepares a statement run often, and it still answers from a table replaced under it', async () => {
    await sql`create table ${sql.id(table)} (id int primary key, nome text not null)`.execute(db);
    await sql`insert into ${sql.id(table)} values (1, 'antes')`.execute(db);
    const nameOf = async (id: number) =>
      (await sql<{ nome: string }>`select nome from ${sql.id(table)} where id = ${id}`.execute(db))
        .rows[0]?.nome;
    for (let run = 0; run < 5; run++) expect(await nameOf(1)).toBe('antes');
    expect((await preparedOnConnection()).some((text) => text.includes(table))).toBe(true);

    // A projection rebuild swaps tables like this: PostgreSQL plans the statement again.
    await sql`drop table ${sql.id(table)}`.execute(db);
    await sql`create table ${sql.id(table)} (id int primary key, nome text not null)`.execute(db);
    await sql`insert into ${sql.id(table)} values (1, 'depois')`.execute(db);
    expect(await nameOf(1)).toBe('depois');
  });

  it('keeps working after a prepared statement fails', async () => {
    const insert = (id: number) =>
      sql`insert into ${sql.id(table)} (id, nome) values (${id}, ${'x'})`.execute(db);
    for (let id = 10; id < 15; id++) await insert(id);
    await expect(insert(10)).rejects.toMatchObject({ code: '23505' });
    await insert(20);
    const { rows } = await sql<{ total: number }>`
      select count(*)::int as total from ${sql.id(table)} where id >= ${10}`.execute(db);
    expect(rows[0].total).toBe(6);
  });

  it("answers every row as node-postgres builds it, whatever the statement's shape", async () => {
    // given statements of different shapes run often (prepared), with values of every kind, a
    // null, text that needs quoting in a name and a value, and a column name given twice
    const statements = [
      `select $1::int as n, $2::text as "nome com ""aspas"" e \\", null::text as vazio,
              '{"a":[1,2]}'::json as doc, true as ativo, 12.5::numeric(12,2) as valor,
              '2031-03-01T12:00:00Z'::timestamptz as em, 9007199254740::bigint as grande`,
      `select $1::int as n, 'primeiro' as repetido, 'segundo' as repetido, $2::text as texto`,
      `select g as n, $2::text || g as texto from generate_series(1, $1::int) g`,
    ];
    const raw = new Client({ connectionString: process.env.DATABASE_URL });
    await raw.connect();
    try {
      for (let run = 0; run < 4; run++)
        for (const text of statements) {
          const values = [3, 'it\'s "x"'];
          // when the app's pool and a plain node-postgres client run each
          const { rows } = await db.executeQuery(CompiledQuery.raw(text, values));
          const expected = (await raw.query(text, values)).rows;
          // then the rows are the same, values, types and property order alike
          expect(rows).toEqual(expected);
          expect(rows.map((row) => Object.keys(row as object))).toEqual(
            expected.map((row) => Object.keys(row as object)),
          );
        }
    } finally {
      await raw.end();
    }
  });
});

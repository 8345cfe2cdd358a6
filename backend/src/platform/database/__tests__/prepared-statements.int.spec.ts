import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
      (
        await sql<{ nome: string }>`select nome from ${sql.id(table)} where id = ${id}`.execute(db)
      ).rows[0]?.nome;
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
});

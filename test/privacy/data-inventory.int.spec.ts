import { sql } from 'kysely';
import { workerDatabase } from '../support/test-databases';
import { CONTEXTS } from '../../backend/src/contexts';
import type { TablesInventory } from '../../backend/src/platform/context/bounded-context';
import { platformTablesOwner } from '../../backend/src/platform/context/account-closing';

/**
 * Every table of the schema has one owner, and every column of it that can hold text says what it
 * holds of a person and who erases that: a table or column added without a word fails here, so it
 * cannot escape an erasure or an account's closing unnoticed.
 */
describe('the personal data inventory', () => {
  const db = workerDatabase('data-inventory-test');
  afterAll(() => db.destroy());

  const owners: [string, TablesInventory][] = [platformTablesOwner, ...CONTEXTS].map((owner) => [
    owner.name,
    owner.tables,
  ]);

  async function schema(): Promise<Map<string, string[]>> {
    const { rows } = await sql<{ table: string; column: string | null }>`
      select t.table_name as table, c.column_name as column
      from information_schema.tables t
      left join information_schema.columns c
        on c.table_schema = t.table_schema and c.table_name = t.table_name
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'bytea', 'ARRAY', 'USER-DEFINED')
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by 1, 2`.execute(db);
    const tables = new Map<string, string[]>();
    for (const { table, column } of rows) {
      const columns = tables.get(table) ?? [];
      if (column) columns.push(column);
      tables.set(table, columns);
    }
    return tables;
  }

  it('gives every table one owner, and no owner a table that is not there', async () => {
    const tables = await schema();
    const declaredBy = new Map<string, string[]>();
    for (const [owner, inventory] of owners)
      for (const table of Object.keys(inventory))
        declaredBy.set(table, [...(declaredBy.get(table) ?? []), owner]);
    const problems = [
      ...[...tables.keys()]
        .filter((table) => (declaredBy.get(table)?.length ?? 0) !== 1)
        .map((table) => `${table}: ${declaredBy.get(table)?.join(' e ') ?? 'sem dono'}`),
      ...[...declaredBy.keys()]
        .filter((table) => !tables.has(table))
        .map(
          (table) => `${table}: declarada por ${declaredBy.get(table)!.join(' e ')}, não existe`,
        ),
    ];
    expect(problems).toEqual([]);
  });

  it('says of every text column what it holds of a person, once, and of nothing that is not there', async () => {
    const tables = await schema();
    const problems: string[] = [];
    for (const [owner, inventory] of owners)
      for (const [table, { personal = {}, notPersonal = [] }] of Object.entries(inventory)) {
        const columns = tables.get(table) ?? [];
        const declared = [...Object.keys(personal), ...notPersonal];
        for (const column of columns) {
          const times = declared.filter((name) => name === column).length;
          if (times !== 1) problems.push(`${owner}: ${table}.${column} declarada ${times} vezes`);
        }
        for (const column of declared)
          if (!columns.includes(column))
            problems.push(`${owner}: ${table}.${column} declarada, não é coluna de texto`);
      }
    expect(problems).toEqual([]);
  });

  it('blanks at the erasure, in each read model, what it says the read model blanks', () => {
    const problems: string[] = [];
    for (const context of CONTEXTS)
      for (const [table, { personal = {}, notPersonal = [] }] of Object.entries(context.tables)) {
        const blanked = (context.projections ?? [])
          .flatMap((projection) => projection.personalData ?? [])
          .filter((columns) => columns.table === table)
          .flatMap((columns) => Object.keys(columns.set));
        for (const [column, eraser] of Object.entries(personal))
          if ((eraser === 'blanked by the read model') !== blanked.includes(column))
            problems.push(`${context.name}: ${table}.${column} (${eraser})`);
        for (const column of notPersonal)
          if (blanked.includes(column))
            problems.push(
              `${context.name}: ${table}.${column} (apagada na exclusão, declarada não pessoal)`,
            );
      }
    expect(problems).toEqual([]);
  });

  it("says of every table how an account's closing reaches the tenant's rows in it", async () => {
    const { rows } = await sql<{ table: string }>`
      select table_name as table from information_schema.columns
      where table_schema = current_schema() and column_name = 'tenant_id'`.execute(db);
    const byTenant = new Set(rows.map((row) => row.table));
    const problems: string[] = [];
    for (const owner of [platformTablesOwner, ...CONTEXTS])
      for (const [table, { atClosing }] of Object.entries(owner.tables)) {
        if (!atClosing && !byTenant.has(table))
          problems.push(
            `${owner.name}: ${table} não tem tenant_id: diga como o encerramento a alcança`,
          );
        if (atClosing === 'by its context' && !owner.closeAccount)
          problems.push(`${owner.name}: ${table} apagada pelo contexto, que não tem closeAccount`);
      }
    expect(problems).toEqual([]);
  });
});

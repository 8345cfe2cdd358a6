import { strToU8, zipSync } from 'fflate';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database/database';
import { moneyCell, toCsv } from '../http/csv';
import { centavosFromNumeric } from '../../contracts/shared/money';
import { NOT_EXPORTED } from './export';

/** Besides what a person's export leaves out: the trainer's own credentials for other services. */
const SECRETS = new Set(['pix_provider_credentials', 'calendar_feeds']);

interface Column {
  table: string;
  column: string;
  type: string;
  scale: number | null;
}

/** How a column reads in a Brazilian spreadsheet: dates dd/MM/yyyy, instants in `timeZone`. */
function cellOf({ column, type }: Column, timeZone: string) {
  const ref = sql.ref(`t.${column}`);
  switch (type) {
    case 'timestamp with time zone':
      return sql<string>`to_char(${ref} at time zone ${timeZone}, 'DD/MM/YYYY HH24:MI:SS')`;
    case 'date':
      return sql<string>`to_char(${ref}, 'DD/MM/YYYY')`;
    case 'boolean':
      return sql<string>`case when ${ref} then 'Sim' when not ${ref} then 'Não' end`;
    default:
      return sql<string>`${ref}::text`;
  }
}

const NUMERIC_TYPES = new Set(['numeric', 'integer', 'smallint', 'bigint', 'double precision', 'real']);

/**
 * The whole account as a zip of CSVs, one per table holding the tenant's rows (secrets left out),
 * named after the table; money with a comma and two decimals, as the finance CSV.
 */
export async function exportAccountZip(
  db: Kysely<Database>,
  tenantId: string,
  timeZone: string,
): Promise<Uint8Array> {
  const { rows: columns } = await sql<Column>`
    select c.table_name as table, c.column_name as column, c.data_type as type,
           c.numeric_scale as scale
    from information_schema.columns c
    where c.table_schema = current_schema() and c.data_type <> 'bytea'
      and exists (select 1 from information_schema.columns t where t.table_schema = c.table_schema
                  and t.table_name = c.table_name and t.column_name = 'tenant_id')
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, Column[]>();
  for (const column of columns) {
    if (NOT_EXPORTED.has(column.table) || SECRETS.has(column.table)) continue;
    tables.set(column.table, [...(tables.get(column.table) ?? []), column]);
  }
  const files: Record<string, Uint8Array> = {};
  for (const [table, tableColumns] of tables) {
    const { rows } = await sql<{ cells: (string | null)[] }>`
      select array[${sql.join(tableColumns.map((column) => cellOf(column, timeZone)))}] as cells
      from ${sql.table(table)} t where t.tenant_id = ${tenantId}::uuid`.execute(db);
    if (rows.length === 0) continue;
    files[`${table}.csv`] = strToU8(
      toCsv(
        tableColumns.map((column) => column.column),
        rows.map(({ cells }) =>
          cells.map((cell, index) => {
            const { type, scale } = tableColumns[index]!;
            if (cell === null || !NUMERIC_TYPES.has(type)) return cell;
            return type === 'numeric' && scale === 2
              ? moneyCell(centavosFromNumeric(cell))
              : Number(cell);
          }),
        ),
      ),
    );
  }
  return zipSync(files);
}

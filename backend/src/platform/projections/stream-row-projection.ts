import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../database/database';
import { CamelCaseRows } from '../database/camel-case-rows';
import type { ChangeType } from '../../contracts/shared/realtime';
import type { DomainEvent, StoredEvent } from '../event-store/event';
import {
  eventsOfTypes,
  type PersonalColumns,
  type Projection,
  type ProjectionChange,
} from './projection';

/** A read-model row kept per stream: its id is the stream's, `version` the last event applied. */
export interface StreamRow {
  id: string;
  tenantId: string;
  version: number;
}

export interface StreamRowProjectionOptions<Event extends DomainEvent, Row extends StreamRow> {
  name: string;
  /** The table, as the database names it (snake_case). */
  table: string;
  eventTypes: readonly Event['type'][];
  /** What the browsers are told changed (contracts/shared/realtime.ts). */
  changeType: ChangeType;
  /** Which student's own screens show a row (told to them too), or every student's. */
  studentOf?: (row: Row) => string | null;
  allStudents?: boolean;
  /**
   * Also told once per tenant whose rows changed, to every student and naming only the tenant:
   * what the rows move for all of them (the trainer's open slots), not whose rows moved.
   */
  tenantWideChange?: ChangeType;
  /** Its personal columns, named by the database (the student's id in `subject`, default `id`). */
  personalData?: Omit<PersonalColumns, 'table' | 'subject'> & { subject?: string };
  /** The row after `stored`; undefined when the event cannot apply (its stream's first event not seen). */
  nextRow: (row: Row | undefined, stored: StoredEvent & { event: Event }) => Row | undefined;
}

/**
 * The common read model "one row per stream": read the batch's rows, fold the batch's events into
 * them (skipping what a row already reflects: replays are harmless), upsert the changed rows where
 * their version moved forward, and tell the tenant's browsers which ones changed.
 */
export function streamRowProjection<Event extends DomainEvent, Row extends StreamRow>(
  options: StreamRowProjectionOptions<Event, Row>,
): Projection {
  const statements = rowStatementsOf(options.table);
  return {
    name: options.name,
    tables: [options.table],
    eventTypes: options.eventTypes,
    ...(options.personalData && {
      personalData: [{ table: options.table, subject: 'id', ...options.personalData }],
    }),
    async apply(batch, trx) {
      const relevant = eventsOfTypes<Event>(batch, options.eventTypes);
      if (relevant.length === 0) return [];
      const ids = [...new Set(relevant.map((stored) => stored.streamId))];
      const { rows: existing } = await trx.executeQuery<Row>(
        CompiledQuery.raw(statements.select, [ids]),
      );
      const rows = new Map<string, Row>(existing.map((row) => [row.id, row]));
      const changed = new Set<string>();
      for (const stored of relevant) {
        const row = rows.get(stored.streamId);
        if (row && stored.streamVersion <= row.version) continue;
        const next = options.nextRow(row, stored);
        if (!next) continue;
        rows.set(stored.streamId, next);
        changed.add(stored.streamId);
      }
      const upserts = [...changed].map((id) => rows.get(id) as Row);
      await upsertNewerRows(trx, options.table, upserts);
      const changes = upserts.map((row): ProjectionChange => ({
        tenantId: row.tenantId,
        type: options.changeType,
        id: row.id,
        ...(options.studentOf && { studentId: options.studentOf(row) }),
        ...(options.allStudents && { allStudents: true }),
      }));
      const { tenantWideChange } = options;
      if (!tenantWideChange) return changes;
      const tenants = new Set(upserts.map((row) => row.tenantId));
      return changes.concat(
        [...tenants].map((tenantId) => ({
          tenantId,
          type: tenantWideChange,
          id: tenantId,
          allStudents: true,
        })),
      );
    },
  };
}

const statementsByTable = new Map<string, ReturnType<typeof rowStatements>>();
const rowStatementsOf = (table: string) => {
  let statements = statementsByTable.get(table);
  if (!statements) statementsByTable.set(table, (statements = rowStatements(table)));
  return statements;
};

/**
 * Rows of `table` (keyed as the code names its columns) written over the stored ones whose
 * version is older, inserted where there are none: one statement text for any number of rows.
 */
export async function upsertNewerRows(
  trx: Kysely<Database>,
  table: string,
  rows: readonly StreamRow[],
): Promise<void> {
  for (const [statement, sameColumns] of rowStatementsOf(table).upserts(rows))
    await trx.executeQuery(CompiledQuery.raw(statement, [JSON.stringify(sameColumns)]));
}

/**
 * A table's two statements, the same text for any number of rows: PostgreSQL parses and plans
 * each once per connection (platform/database/preparing-client.ts), and nothing is compiled per
 * batch. The rows travel as one JSON parameter, read back as the table's own row type, where a
 * VALUES list of n rows was a new statement for every n and n x columns parameters to compile.
 */
function rowStatements(table: string) {
  const select = `select * from ${table} where id = any($1::uuid[])`;
  const upsertByColumns = new Map<string, string>();
  const upsertOf = (keys: string[]) => {
    const columns = keys.map(columnOf);
    const updated = columns.filter((column) => column !== 'id');
    return (
      `insert into ${table} (${columns.join(', ')}) ` +
      `select ${columns.join(', ')} from json_populate_recordset(null::${table}, $1::json) ` +
      `on conflict (id) do update set ${updated.map((column) => `${column} = excluded.${column}`).join(', ')} ` +
      `where ${table}.version < excluded.version`
    );
  };
  return {
    select,
    /**
     * The rows grouped by the keys they carry, each group with its statement: a column a row
     * leaves out keeps the table's default, as in an INSERT that does not name it.
     */
    upserts(rows: readonly StreamRow[]): Array<[statement: string, rows: ColumnRow[]]> {
      const groups = new Map<string, StreamRow[]>();
      for (const row of rows) {
        const signature = Object.keys(row).sort().join(',');
        const group = groups.get(signature);
        if (group) group.push(row);
        else groups.set(signature, [row]);
      }
      return [...groups].map(([signature, group]) => {
        let statement = upsertByColumns.get(signature);
        if (!statement) {
          statement = upsertOf(signature.split(','));
          upsertByColumns.set(signature, statement);
        }
        // The JSON keys are the columns' names, as json_populate_recordset matches them.
        return [statement, group.map(rowAsColumns)] as [string, ColumnRow[]];
      });
    },
  };
}

const naming = new CamelCaseRows();
const columnByKey = new Map<string, string>();
const columnOf = (key: string) => {
  let column = columnByKey.get(key);
  if (column === undefined) {
    column = naming.columnOf(key);
    columnByKey.set(key, column);
  }
  return column;
};

/** A row keyed by its columns' names (snake_case), as json_populate_recordset reads it. */
type ColumnRow = Record<string, unknown>;

function rowAsColumns(row: StreamRow): ColumnRow {
  const named: ColumnRow = {};
  for (const [key, value] of Object.entries(row)) named[columnOf(key)] = value;
  return named;
}

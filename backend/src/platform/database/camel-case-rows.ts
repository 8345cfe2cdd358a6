import {
  CamelCasePlugin,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import { rowBuilder } from './row-builders';

/**
 * Kysely's camel-case plugin (snake_case in SQL, camelCase in code; keys inside jsonb values kept
 * as stored), with the rows renamed once per result instead of once per row: every row of a
 * result has the same columns, so their names are converted once, and a result whose columns need
 * no new name (`count`, `id`, `nome`) is returned as it came; each row renamed by its shape's own
 * function (rowBuilder). Kysely's own mapping looked every column name up again on each row and
 * copied every array value; on the agenda's month (150 rows of 12 columns) it was the largest part
 * of Kysely's cost per request.
 */
export class CamelCaseRows extends CamelCasePlugin {
  constructor() {
    super({ maintainNestedObjectKeys: true });
  }

  /** The column a row's key names, as every statement Kysely builds names it. */
  columnOf(key: string): string {
    return this.snakeCase(key);
  }

  override async transformResult(
    args: PluginTransformResultArgs,
  ): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    if (!Array.isArray(rows) || rows.length === 0) return args.result;
    const columns = Object.keys(rows[0]);
    const names = columns.map((column) => this.camelCase(column));
    if (names.every((name, index) => name === columns[index])) return args.result;
    return { ...args.result, rows: rows.map(rowBuilder(names, columns)) };
  }
}

import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';

/** What runs a compiled query; a database without plugins is one. */
interface Executor {
  executeQuery<Row>(query: CompiledQuery<Row>): Promise<QueryResult<Row>>;
}

/** Each database without its plugins, made once (making one allocates an executor). */
const withoutPlugins = new WeakMap<object, Executor>();

/**
 * A hot read written as the SQL its answer is: every column named as the answer names its field
 * (a quoted camelCase alias), every value already in the answer's form (instants as ISO text), so
 * the rows are answered as PostgreSQL shapes them — no query builder at run time and no row
 * mapping (the app's camelCase plugin walked every key of every row: a twentieth of the API's CPU
 * on the agenda's month). The text is the same on every run, so the pool prepares it once per
 * connection (preparing-client.ts). `text` is SQL with `$1...` placeholders, never built from input.
 */
export function shapedRows<Row, Params extends readonly unknown[]>(text: string) {
  const read = async <DB>(db: Kysely<DB>, ...params: Params): Promise<Row[]> => {
    let plain = withoutPlugins.get(db);
    if (!plain) withoutPlugins.set(db, (plain = db.withoutPlugins()));
    const { rows } = await plain.executeQuery<Row>(CompiledQuery.raw(text, [...params]));
    return rows;
  };
  // The statement itself too: a bench's bare server runs the very same one.
  return Object.assign(read, { text });
}

import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

/** What runs a compiled query: the database or a transaction. */
interface Executor {
  executeQuery<Row>(query: CompiledQuery<Row>): Promise<QueryResult<Row>>;
}

/** Where a value given on each run goes in a query built once. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query built and compiled once, run with new values each time: `build` receives stand-ins for
 * `Values`, used wherever the query compares, inserts or limits by a value (never to choose what
 * the query is: no branching on them, no lists for `in`). Building and compiling the agenda's
 * month (a select of two subqueries) was about a tenth of the API's CPU on GET /api/sessions.
 * Kysely's own plugins
 * still shape the rows (snake_case to camelCase); the statement text is the same on every run, so
 * the pool prepares it once per connection (preparing-client.ts).
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (values: Values) => Compilable<Row>,
): (db: Executor, values: Values) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (db, values) => {
    compiled ??= build(
      new Proxy({} as Values, { get: (_, name) => new Slot(String(name)) }),
    ).compile();
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.name] : parameter,
    );
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}

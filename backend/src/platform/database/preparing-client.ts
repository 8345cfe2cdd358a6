import { Client, type FieldDef, type QueryArrayResult } from 'pg';

/**
 * A statement run this many times in the process is prepared (a named statement) on each
 * connection that runs it from then on. Parsing, rewriting and planning an unnamed statement cost
 * PostgreSQL more than running most of ours (the event append, a projection's batch, a list); a
 * named one is parsed once per connection and, once PostgreSQL finds a generic plan as good as the
 * custom ones, planned once too.
 */
const PREPARE_AFTER_RUNS = 3;
/** Distinct statement texts counted; past that, new ones run unnamed (shapes are few, lists vary). */
const MAX_COUNTED = 5_000;
/** Statements kept prepared per connection: a bound on what a backend holds for us. */
const MAX_PREPARED_PER_CONNECTION = 200;

const counted = new Map<string, { runs: number; name?: string }>();
let named = 0;

/** The statement's name once it has run often enough; undefined before. */
function nameOf(text: string): string | undefined {
  let entry = counted.get(text);
  if (!entry) {
    if (counted.size >= MAX_COUNTED) return undefined;
    entry = { runs: 0 };
    counted.set(text, entry);
  }
  entry.runs++;
  if (entry.runs < PREPARE_AFTER_RUNS) return undefined;
  entry.name ??= `vira_${(named++).toString(36)}`;
  return entry.name;
}

/** Builds a row object from a row's values, its columns in order (see rowsOf). */
type RowBuilder = (values: unknown[]) => Record<string, unknown>;
const rowBuilders = new Map<string, RowBuilder>();

/**
 * The rows of a result taken as arrays, each made into an object by a function of its own columns:
 * an object literal naming them, so every row of a shape is built with one hidden class from one
 * site. node-postgres builds every row of every statement at the same sites (a copy of a template
 * object, then a store per column by name); with the app's hundreds of row shapes those sites are
 * megamorphic, and building the agenda's month of 150 rows cost 47 µs a request where a server
 * running only that statement spent 17. A duplicated column name keeps the last value, as there.
 */
function rowsOf(result: QueryArrayResult): Record<string, unknown>[] {
  const names = result.fields.map((field: FieldDef) => field.name);
  const shape = names.join('\u0000');
  let build = rowBuilders.get(shape);
  if (!build) {
    // The names are the statement's own column labels, each written as a quoted JSON string.
    const properties = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
    build = new Function('values', `return { ${properties.join(', ')} };`) as RowBuilder;
    rowBuilders.set(shape, build);
  }
  return result.rows.map(build);
}

/**
 * The pool's client: statements with parameters (everything Kysely sends, `begin`/`commit` aside)
 * become named statements once hot. node-postgres prepares a name on a connection the first time
 * it runs there (and only counts it prepared once PostgreSQL accepted it), then sends only Bind and
 * Execute. PostgreSQL re-plans a prepared statement by itself when a table it reads is replaced (a
 * projection rebuild swaps tables) or the search_path changes.
 */
export class PreparingClient extends Client {
  private readonly prepared = new Set<string>();

  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    const query = super.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = nameOf(text);
        const prepare =
          name !== undefined &&
          (this.prepared.has(name) || this.prepared.size < MAX_PREPARED_PER_CONNECTION);
        if (prepare) this.prepared.add(name);
        const config = { ...(prepare && { name }), text, values, rowMode: 'array' as const };
        if (callback === undefined)
          return (query(config) as Promise<QueryArrayResult>).then((result) =>
            Object.assign(result, { rows: rowsOf(result) }),
          );
        return query(config, (error: Error | null, result: QueryArrayResult) =>
          (callback as (error: Error | null, result?: unknown) => void)(
            error,
            error ? undefined : Object.assign(result, { rows: rowsOf(result) }),
          ),
        );
      }
      return query(...args);
    }) as unknown as Client['query'];
  }
}

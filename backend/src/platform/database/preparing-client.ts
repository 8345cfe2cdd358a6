import { Client, type FieldDef, type QueryArrayResult } from 'pg';
import { rowBuilder } from './row-builders';

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

/**
 * The rows of a result taken as arrays, each made an object by its shape's own function
 * (rowBuilder): building the agenda's month of 150 rows at node-postgres's shared sites cost 47 µs
 * a request where a server running only that statement spent 17.
 */
function rowsOf(result: QueryArrayResult): Record<string, unknown>[] {
  const names = result.fields.map((field: FieldDef) => field.name);
  return result.rows.map(rowBuilder(names, Array.from(names.keys())));
}

/**
 * The pool's client: statements with parameters (everything Kysely sends, `begin`/`commit` aside)
 * become named statements once hot. node-postgres prepares a name on a connection the first time
 * it runs there (and only counts it prepared once PostgreSQL accepted it), then sends only Bind and
 * Execute. PostgreSQL re-plans a prepared statement by itself when a table it reads is replaced (a
 * projection rebuild swaps tables) or the search_path changes. Their rows travel as arrays and are
 * made objects here (rowsOf).
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

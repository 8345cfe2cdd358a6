import { Kysely, PostgresDialect, sql } from 'kysely';
import { type Pool, types } from 'pg';
import { CamelCaseRows } from './camel-case-rows';
import type { DB } from './database.types';
import { databaseHosts } from '../../config/database-hosts';
import { FailoverPool, FailoverState } from './failover-pool';

/** Every table's row type, generated from the migrated schema (`npm run db:types`). */
export type Database = DB;

// bigint (int8) as a JS string would leak into every read model; positions fit in a double.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));
// A date is a calendar day ('2026-11-22'), not an instant: as a JS Date it would shift with the
// server's time zone.
types.setTypeParser(types.builtins.DATE, (value) => value);

export interface DatabaseOptions {
  connectionString: string;
  poolMax: number;
  applicationName: string;
  /** Told when a connection waiting in the pool breaks (the pool has already dropped it). */
  onIdleError?: (error: Error) => void;
}

export function createPool(options: DatabaseOptions): Pool {
  const hosts = databaseHosts(options.connectionString) ?? {
    urls: [options.connectionString],
    readWrite: false,
  };
  const failover = new FailoverState(hosts);
  const pool = new FailoverPool(failover, {
    max: options.poolMax,
    application_name: options.applicationName,
    // A connection left idle inside a transaction holds back pg_snapshot_xmin and stalls projections.
    idle_in_transaction_session_timeout: 10_000,
    connectionTimeoutMillis: 5_000,
    Client: failover.clientClass(),
    onConnect: hosts.readWrite ? (client) => failover.checkWritable(client) : undefined,
  });
  // An idle connection ended by the server (a restart, pg_terminate_backend, a failover) is an
  // 'error' event on the pool: unheard, it would end the process. The pool drops that connection
  // and opens a new one on the next query, so it is only worth a line in the log.
  pool.on('error', (error) => options.onIdleError?.(error));
  // A connection ended while checked out (a transaction between two statements) is an 'error'
  // event on the client itself, which the pool listens to only while the client is idle. Its
  // holder learns of it from its next statement, which fails as the database being unavailable;
  // once released, the pool drops the broken client (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Typed with the app's tables by default; migrations and tooling ask for `Kysely<unknown>`. */
export function createDatabase<DB = Database>(pool: Pool): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    // Column names become camelCase; keys inside jsonb values (event data, onboarding_data) stay as stored.
    plugins: [new CamelCaseRows()],
  });
}

/**
 * A timestamptz column as the API answers it ('2026-11-22T10:00:00.000Z'), formatted by
 * PostgreSQL: a list of hundreds of rows then never builds a Date per cell only to print it.
 */
export function isoInstant<Column extends string>(column: Column) {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

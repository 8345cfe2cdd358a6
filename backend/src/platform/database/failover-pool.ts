import {
  type Client,
  type ClientBase,
  type ClientConfig,
  Pool,
  type PoolClient,
  type PoolConfig,
} from 'pg';
import type { DatabaseHosts } from '../../config/database-hosts';
import { PreparingClient } from './preparing-client';

/** SQLSTATE read_only_sql_transaction: a write reached a server that takes none. */
export const READ_ONLY_SQLSTATE = '25006';

/** How long after a server answered read-only /api/health calls an outage a failover. */
const FAILOVER_SEEN_MS = 15_000;

/** A server named in DATABASE_URL answered, but takes no writes (a standby, a demoted primary). */
export class ReadOnlyServerError extends Error {
  readonly code = READ_ONLY_SQLSTATE;

  constructor() {
    super('o PostgreSQL conectado só aceita leituras (um standby ou um primário rebaixado)');
    this.name = 'ReadOnlyServerError';
  }
}

function isReadOnly(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === READ_ONLY_SQLSTATE
  );
}

/**
 * Which of DATABASE_URL's servers new connections go to: the one that last took a connection,
 * until it refuses one (does not answer, or answers read-only); then the next in the list.
 */
export class FailoverState {
  private current = 0;
  private readOnlySeenAt = 0;
  private readonly hostOf = new WeakMap<ClientBase, number>();

  constructor(readonly hosts: DatabaseHosts) {}

  get size(): number {
    return this.hosts.urls.length;
  }

  /**
   * Whether a server answered read-only lately: the database is failing over (its primary lost, a
   * standby not yet promoted, or a primary demoted), not simply away.
   */
  failingOver(now = Date.now()): boolean {
    return now - this.readOnlySeenAt < FAILOVER_SEEN_MS;
  }

  /** The pool's client class. */
  clientClass(): new (config?: ClientConfig) => Client {
    return failoverClient(this);
  }

  /** Which server `client` was opened on. */
  opened(client: ClientBase, host: number): void {
    this.hostOf.set(client, host);
  }

  /** `client`'s server answered read-only: passed over, and a failover is under way. */
  readOnly(client: ClientBase): void {
    this.readOnlySeenAt = Date.now();
    const host = this.hostOf.get(client);
    if (host !== undefined) this.passOver(host);
  }

  /** The pool's `onConnect` under target_session_attrs=read-write: a read-only server is refused. */
  async checkWritable(client: ClientBase): Promise<void> {
    const { rows } = await client.query<{ transaction_read_only: string }>(
      'show transaction_read_only',
    );
    if (rows[0]?.transaction_read_only === 'on') {
      this.readOnly(client);
      throw new ReadOnlyServerError();
    }
  }

  /** The server new connections go to now. */
  get currentHost(): number {
    return this.current;
  }

  /** Passes over `host` (when it is still the current one: several connections fail at once). */
  passOver(host: number): void {
    if (host === this.current) this.current = (this.current + 1) % this.size;
  }
}

/** The pool's client: connects to the current server, and is dropped once it answers read-only. */
function failoverClient(state: FailoverState): new (config?: ClientConfig) => Client {
  return class FailoverClient extends PreparingClient {
    constructor(config?: ClientConfig) {
      const host = state.currentHost;
      super({ ...config, connectionString: state.hosts.urls[host] });
      state.opened(this, host);
      // A write refused as read-only means this server is no longer the primary (demoted in a
      // failover, its connections kept): the connection is as good as dropped. Ended here, the
      // pool discards it when it is released, and the next connection looks for the primary.
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise)
          result.catch((error: unknown) => {
            if (!isReadOnly(error)) return;
            state.readOnly(this);
            this.end().catch(() => undefined);
          });
        return result;
      }) as unknown as Client['query'];
    }
  };
}

/**
 * A pool over DATABASE_URL's servers: a connection that cannot be made on one server (it does not
 * answer, or it is read-only under target_session_attrs=read-write) is tried on the next, each
 * server at most once per checkout, so a statement fails only when none of them is the primary.
 */
export class FailoverPool extends Pool {
  constructor(
    readonly failover: FailoverState,
    config: PoolConfig,
  ) {
    super(config);
  }

  override connect(): Promise<PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<PoolClient> | void {
    const attempt = async (): Promise<PoolClient> => {
      let lastError: unknown;
      for (let tries = 0; tries < this.failover.size; tries++) {
        const host = this.failover.currentHost;
        try {
          return await super.connect();
        } catch (error) {
          lastError = error;
          this.failover.passOver(host);
          if (this.ending) break;
        }
      }
      throw lastError;
    };
    if (!callback) return attempt();
    attempt().then(
      (client) =>
        callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
}

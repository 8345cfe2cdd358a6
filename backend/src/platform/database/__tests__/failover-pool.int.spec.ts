import { sql } from 'kysely';
import { freePort } from '../../../../../test/support/private-redis';
import { databaseErrorBody } from '../../errors/database-errors';
import { createDatabase, createPool } from '../database';

/** DATABASE_URL with `hosts` in place of its one server, and `query` appended. */
function withHosts(hosts: string[], query: string): string {
  const url = new URL(process.env.DATABASE_URL as string);
  return `postgres://${url.username}@${hosts.join(',')}${url.pathname}?${query}`;
}

const server = () => {
  const url = new URL(process.env.DATABASE_URL as string);
  return `${url.hostname}:${url.port || 5432}`;
};

describe('a DATABASE_URL naming several servers', () => {
  it('connects to the one that answers, in the order given, whatever the first one does', async () => {
    const nobody = `127.0.0.1:${await freePort()}`;
    const db = createDatabase(
      createPool({
        connectionString: withHosts([nobody, server()], 'target_session_attrs=read-write'),
        poolMax: 2,
        applicationName: 'vira-test-failover',
      }),
    );
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });

  it('with target_session_attrs=read-write, passes over a server that takes no writes (a standby): no writable server is a 503', async () => {
    // Every session of this URL is read-only, as on a standby.
    const readOnly = withHosts(
      [server()],
      `target_session_attrs=read-write&options=${encodeURIComponent('-c default_transaction_read_only=on')}`,
    );
    const db = createDatabase(
      createPool({ connectionString: readOnly, poolMax: 1, applicationName: 'vira-test-failover' }),
    );
    try {
      const failure = await sql`select 1`.execute(db).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(databaseErrorBody(failure)).toMatchObject({
        statusCode: 503,
        code: 'database_unavailable',
      });
    } finally {
      await db.destroy();
    }
  });

  it('drops a connection whose server turned read-only under it (a primary demoted): the write is a 503 and the next statement runs on a new connection', async () => {
    const pool = createPool({
      connectionString: process.env.DATABASE_URL as string,
      poolMax: 1,
      applicationName: 'vira-test-failover',
    });
    const db = createDatabase(pool);
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const failure = await db
        .transaction()
        .execute(async (trx) => {
          // What a demoted primary answers to a write on a connection it kept.
          await sql`set transaction read only`.execute(trx);
          await sql`create table failover_probe (x int)`.execute(trx);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(databaseErrorBody(failure)).toMatchObject({
        statusCode: 503,
        code: 'database_unavailable',
      });
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(after.rows[0].pid).not.toBe(before.rows[0].pid);
    } finally {
      await db.destroy();
    }
  });
});

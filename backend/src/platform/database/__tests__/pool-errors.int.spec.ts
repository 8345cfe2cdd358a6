import { sql } from 'kysely';
import { Client, type PoolClient } from 'pg';
import { waitUntil } from '../../../../../test/support/processes';
import { databaseErrorBody } from '../../errors/database-errors';
import { createDatabase, createPool } from '../database';

describe('the connection pool', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(() => admin.end());

  it('survives the server ending an idle connection and serves the next query on a new one', async () => {
    const heard: Error[] = [];
    const pool = createPool({
      connectionString: process.env.DATABASE_URL as string,
      poolMax: 1,
      applicationName: 'vira-test-pool-errors',
      onIdleError: (error) => heard.push(error),
    });
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const idlePid = rows[0].pid;
      await admin.query('select pg_terminate_backend($1)', [idlePid]);
      await waitUntil(() => heard.length > 0, 30_000, 'the pool to hear its idle connection end');
      expect(heard[0].message).toMatch(/terminat/i);

      const after = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(after.rows[0].pid).not.toBe(idlePid);
    } finally {
      await pool.end();
    }
  });

  it('survives the server ending a connection a transaction holds between two statements: the transaction fails as the database being unavailable (503), the next one runs on a new connection', async () => {
    // What killed the worker: pg_terminate_backend (or a restart) while a batch's transaction
    // held its connection between statements. pg then emits 'error' on the client, which the
    // pool only listens to while the client is idle.
    const pool = createPool({
      connectionString: process.env.DATABASE_URL as string,
      poolMax: 1,
      applicationName: 'vira-test-pool-errors',
    });
    const db = createDatabase(pool);
    let held: PoolClient | undefined;
    pool.on('acquire', (client) => (held = client));
    try {
      const failure = await db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          const ended = new Promise((resolve) => held!.once('end', resolve));
          await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
          await ended;
          await sql`select 1`.execute(trx);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(databaseErrorBody(failure)).toEqual({
        statusCode: 503,
        code: 'database_unavailable',
        message: 'Erro de conexão com o banco de dados. Tente novamente em instantes.',
      });

      const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(db);
      expect(rows[0].answer).toBe(42);
    } finally {
      await db.destroy();
    }
  });
});

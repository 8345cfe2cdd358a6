import { Client } from 'pg';
import { waitUntil } from '../../../../../test/support/processes';
import { createPool } from '../database';

describe('the connection pool', () => {
  it('survives the server ending an idle connection and serves the next query on a new one', async () => {
    const heard: Error[] = [];
    const pool = createPool({
      connectionString: process.env.DATABASE_URL as string,
      poolMax: 1,
      applicationName: 'vira-test-pool-errors',
      onIdleError: (error) => heard.push(error),
    });
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const idlePid = rows[0].pid;
      await admin.query('select pg_terminate_backend($1)', [idlePid]);
      await waitUntil(() => heard.length > 0, 30_000, 'the pool to hear its idle connection end');
      expect(heard[0].message).toMatch(/terminat/i);

      const after = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(after.rows[0].pid).not.toBe(idlePid);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});

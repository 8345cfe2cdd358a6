import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { withAdminClient } from '../../infra/scripts/local-services';
import { databaseUrlFor } from '../support/services';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const NEWEST = readdirSync(path.join(ROOT, 'migrations'))
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .at(-1)!
  .replace(/\.ts$/, '');

/** README's `npm run migrate` / `npm run migrate:down`, run as a developer would, on a database of their own. */
describe('npm run migrate', () => {
  const adminUrl = process.env.VIRA_TEST_ADMIN_DATABASE_URL!;
  const database = `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_cli`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrlFor(adminUrl, database),
    NODE_ENV: 'development',
  };
  const applied = () =>
    withAdminClient(databaseUrlFor(adminUrl, database), async (client) => {
      const { rows } = await client.query<{ name: string }>(
        'select name from kysely_migration order by name',
      );
      return rows.map((row) => row.name);
    });

  beforeAll(() =>
    withAdminClient(adminUrl, (client) => client.query(`create database ${database}`)),
  );
  afterAll(() =>
    withAdminClient(adminUrl, (client) =>
      client.query(`drop database if exists ${database} with (force)`),
    ),
  );

  it('applies every migration, then undoes the last one', async () => {
    const up = await run('npm', ['run', '--silent', 'migrate'], { cwd: ROOT, env });
    expect(up.stdout).toContain(`Up ${NEWEST}`);
    expect((await applied()).at(-1)).toBe(NEWEST);

    const down = await run('npm', ['run', '--silent', 'migrate:down'], { cwd: ROOT, env });
    expect(down.stdout).toContain(`Down ${NEWEST}`);
    expect(await applied()).not.toContain(NEWEST);
  });
});

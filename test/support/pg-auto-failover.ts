import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from './private-redis';
import { waitUntil } from './processes';

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Whether Debian's `postgresql-15-auto-failover` (pg_autoctl, with PostgreSQL 15) is installed. */
export function hasPgAutoFailover(): boolean {
  return (
    spawnSync('pg_autoctl', ['--version'], { stdio: 'ignore' }).status === 0 &&
    existsSync(path.join(PG_BIN, 'pg_ctl'))
  );
}

/** pg_autoctl refuses to run as root: as root, it runs as the `postgres` user. */
function asUser(): {
  command: (args: string[]) => [string, string[]];
  owner?: { uid: number; gid: number };
} {
  if (process.getuid?.() !== 0) return { command: (args) => ['pg_autoctl', args] };
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  return {
    command: (args) => ['runuser', ['-u', 'postgres', '--', 'pg_autoctl', ...args]],
    owner: { uid: id('-u'), gid: id('-g') },
  };
}

interface Node {
  name: string;
  port: number;
  pgdata: string;
  keeper?: ChildProcess;
}

/**
 * A pg_auto_failover formation of the test's own: a monitor and two PostgreSQL 15 nodes on free
 * loopback ports, data under one temporary folder, the secondary replicating synchronously (an
 * acknowledged commit is on both). The monitor notices a lost node within seconds here (its
 * health checks every second, a node unhealthy after 3 s, a primary that does not answer taken
 * as demoted after 5 s); production keeps pg_auto_failover's defaults (infra/README.md).
 */
export class PgAutoFailover {
  private monitor?: ChildProcess;
  private readonly nodes: Node[] = [];
  private monitorPort = 0;

  private constructor(
    private readonly folder: string,
    readonly database: string,
  ) {}

  static async start(database: string): Promise<PgAutoFailover> {
    const folder = mkdtempSync(path.join(tmpdir(), 'vira-pgaf-'));
    chmodSync(folder, 0o755);
    const { owner } = asUser();
    if (owner) chownSync(folder, owner.uid, owner.gid);
    const formation = new PgAutoFailover(folder, database);
    try {
      await formation.startMonitor();
      for (const name of ['node1', 'node2']) await formation.addNode(name);
      await formation.waitForStates(['primary', 'secondary'], 60_000);
    } catch (error) {
      const tail = formation.logTail();
      await formation.close();
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`);
    }
    return formation;
  }

  /** Every node, primary or not: the client finds the one taking writes. */
  url(): string {
    const hosts = this.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
    return `postgres://postgres@${hosts}/${this.database}?target_session_attrs=read-write`;
  }

  /** The last lines pg_autoctl wrote, for a failure's message. */
  private logTail(): string {
    try {
      return readFileSync(path.join(this.folder, 'pg_autoctl.log'), 'utf8')
        .split('\n')
        .slice(-15)
        .join('\n');
    } catch {
      return '';
    }
  }

  private spawnAutoctl(args: string[]): ChildProcess {
    const log = openSync(path.join(this.folder, 'pg_autoctl.log'), 'a');
    const [command, argv] = asUser().command(args);
    const child = spawn(command, argv, {
      env: {
        ...process.env,
        PATH: `${PG_BIN}:${process.env.PATH}`,
        // pg_autoctl keeps its configuration and state under XDG folders: this formation's own.
        XDG_CONFIG_HOME: path.join(this.folder, 'config'),
        XDG_DATA_HOME: path.join(this.folder, 'share'),
        XDG_RUNTIME_DIR: path.join(this.folder, 'run'),
      },
      // Its own process group: the node is stopped whole (pg_autoctl and its postgres).
      detached: true,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    child.unref();
    child.on('error', () => undefined);
    return child;
  }

  private async startMonitor(): Promise<void> {
    this.monitorPort = await freePort();
    this.monitor = this.spawnAutoctl([
      'create',
      'monitor',
      '--pgdata',
      path.join(this.folder, 'monitor'),
      '--pgport',
      String(this.monitorPort),
      '--hostname',
      '127.0.0.1',
      '--listen',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
      '--run',
    ]);
    await waitUntil(
      () =>
        this.monitorQuery('select 1').then(
          () => true,
          () => false,
        ),
      60_000,
      'o monitor do pg_auto_failover',
      200,
    );
    for (const [setting, value] of Object.entries({
      'pgautofailover.health_check_period': 1000,
      'pgautofailover.health_check_timeout': 1000,
      'pgautofailover.health_check_max_retries': 1,
      'pgautofailover.health_check_retry_delay': 500,
      'pgautofailover.node_considered_unhealthy_timeout': 3000,
      'pgautofailover.primary_demote_timeout': 5000,
    }))
      await this.monitorQuery(`alter system set ${setting} = ${value}`);
    await this.monitorQuery('select pg_reload_conf()');
  }

  private async addNode(name: string): Promise<void> {
    const node: Node = { name, port: await freePort(), pgdata: path.join(this.folder, name) };
    this.nodes.push(node);
    node.keeper = this.spawnAutoctl([
      'create',
      'postgres',
      '--pgdata',
      node.pgdata,
      '--pgport',
      String(node.port),
      '--hostname',
      '127.0.0.1',
      '--listen',
      '127.0.0.1',
      '--name',
      name,
      '--dbname',
      this.database,
      '--auth',
      'trust',
      '--no-ssl',
      '--monitor',
      `postgres://autoctl_node@127.0.0.1:${this.monitorPort}/pg_auto_failover?sslmode=disable`,
      '--run',
    ]);
    // One at a time: the first registered is the primary, the second is cloned from it.
    await this.waitFor(
      async () => {
        const states = await this.states();
        return (
          states.length === this.nodes.length &&
          states.every((state) => ['single', 'primary', 'secondary'].includes(state))
        );
      },
      90_000,
      `o nó ${name} do pg_auto_failover`,
    );
  }

  /**
   * Polls `condition`, asking every node for a checkpoint meanwhile: a standby is cloned with
   * pg_basebackup, which waits for the primary's next checkpoint, by default spread over minutes.
   */
  private async waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
    await waitUntil(
      async () => {
        if (await condition()) return true;
        await Promise.all(
          this.nodes.map((node) => this.nodeQuery(node, 'checkpoint').catch(() => undefined)),
        );
        return false;
      },
      timeoutMs,
      what,
      200,
    );
  }

  private async nodeQuery(node: Node, text: string): Promise<void> {
    const client = new Client({
      connectionString: `postgres://postgres@127.0.0.1:${node.port}/postgres`,
      connectionTimeoutMillis: 1_000,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  async monitorQuery(text: string): Promise<{ rows: Record<string, unknown>[] }> {
    const client = new Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.monitorPort}/pg_auto_failover`,
      connectionTimeoutMillis: 2_000,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }

  /** Each node's state as last reported to the monitor, in the order the nodes were made. */
  async states(): Promise<string[]> {
    const { rows } = await this.monitorQuery(
      'select reportedstate::text as state from pgautofailover.node order by nodeid',
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    return rows.map((row) => String(row.state));
  }

  async waitForStates(states: string[], timeoutMs: number): Promise<void> {
    await this.waitFor(
      async () => JSON.stringify(await this.states()) === JSON.stringify(states),
      timeoutMs,
      `os nós do pg_auto_failover em ${states.join(', ')}`,
    );
  }

  /** The node the monitor has as primary (a lost one keeps its last reported state). */
  async primary(): Promise<number> {
    const { rows } = await this.monitorQuery(
      `select nodeid, goalstate::text as goal from pgautofailover.node order by nodeid`,
    );
    const index = rows.findIndex((row) => row.goal === 'primary' || row.goal === 'wait_primary');
    if (index < 0) throw new Error(`nenhum primário: ${rows.map((row) => row.goal).join(', ')}`);
    return index;
  }

  /**
   * Loses node `index` as a machine is lost: SIGKILL of its postgres and of its pg_autoctl (which
   * would otherwise start that postgres again at once), nothing flushed, nothing said.
   */
  async kill(index: number): Promise<void> {
    const node = this.nodes[index];
    const postmaster = this.postmasterPid(node);
    if (node.keeper?.pid) this.killGroup(node.keeper.pid);
    if (postmaster) this.killPid(postmaster);
    node.keeper = undefined;
    await waitUntil(
      () => (postmaster ? !this.alive(postmaster) : true),
      10_000,
      `o postgres do ${node.name} morrer`,
      50,
    );
  }

  /** Starts node `index`'s pg_autoctl again: it rejoins as a secondary of the new primary. */
  restart(index: number): void {
    const node = this.nodes[index];
    node.keeper = this.spawnAutoctl(['run', '--pgdata', node.pgdata]);
  }

  /** Stops everything it started, whatever state it is in, and deletes its data. */
  async close(): Promise<void> {
    const pids = [
      ...this.nodes.map((node) => this.postmasterPid(node)),
      this.postmasterPid({
        name: 'monitor',
        port: this.monitorPort,
        pgdata: path.join(this.folder, 'monitor'),
      }),
    ].filter((pid): pid is number => pid !== undefined);
    for (const child of [this.monitor, ...this.nodes.map((node) => node.keeper)])
      if (child?.pid) this.killGroup(child.pid);
    for (const pid of pids) this.killPid(pid);
    await waitUntil(
      () => pids.every((pid) => !this.alive(pid)),
      10_000,
      'o pg_auto_failover parar',
      50,
    ).catch(() => undefined);
    rmSync(this.folder, { recursive: true, force: true });
  }

  private postmasterPid(node: Node): number | undefined {
    try {
      const pid = Number(
        readFileSync(path.join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      return Number.isInteger(pid) && pid > 0 && this.alive(pid) ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  private alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  private killGroup(pid: number): void {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  private killPid(pid: number): void {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import Redis from 'ioredis';
import { portAnswers } from '../../infra/scripts/local-services';
import { freePort } from './private-redis';
import { waitUntil } from './processes';

/** Whether Debian's `redis-sentinel` and `redis-server` are installed. */
export function hasRedisSentinel(): boolean {
  return (
    spawnSync('redis-sentinel', ['--version'], { stdio: 'ignore' }).status === 0 &&
    spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
  );
}

export const SENTINEL_MASTER_NAME = 'vira';

/**
 * A Redis master, its replica and three Sentinels of the test's own, on free loopback ports,
 * without persistence. The Sentinels take a master that does not answer for a second as down
 * and promote the replica (quorum 2).
 */
export class RedisSentinels {
  private readonly servers = new Map<number, ChildProcess>();
  private readonly sentinels: ChildProcess[] = [];
  readonly sentinelPorts: number[] = [];

  private constructor(
    private readonly folder: string,
    readonly serverPorts: number[],
  ) {}

  static async start(): Promise<RedisSentinels> {
    const folder = mkdtempSync(path.join(tmpdir(), 'vira-sentinel-'));
    const group = new RedisSentinels(folder, [await freePort(), await freePort()]);
    try {
      const [master, replica] = group.serverPorts;
      await group.startServer(master);
      await group.startServer(replica, master);
      for (let i = 0; i < 3; i++) await group.startSentinel(master);
      await group.waitForMaster(master, 30_000);
    } catch (error) {
      await group.close();
      throw error;
    }
    return group;
  }

  /** REDIS_SENTINELS for the app. */
  get sentinelList(): string {
    return this.sentinelPorts.map((port) => `127.0.0.1:${port}`).join(',');
  }

  private async startServer(port: number, replicaOf?: number): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        // A replica's full sync writes the master's snapshot to its folder: this group's own.
        '--dir',
        this.folder,
        ...(replicaOf ? ['--replicaof', '127.0.0.1', String(replicaOf)] : []),
      ],
      { stdio: 'ignore' },
    );
    child.on('error', () => undefined);
    this.servers.set(port, child);
    await waitUntil(
      () => portAnswers('127.0.0.1', port, 200),
      10_000,
      `redis-server em ${port}`,
      50,
    );
  }

  private async startSentinel(master: number): Promise<void> {
    const port = await freePort();
    const config = path.join(this.folder, `sentinel-${port}.conf`);
    // Sentinel rewrites its configuration file as it learns the group: one writable file each.
    writeFileSync(
      config,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${this.folder}`,
        `sentinel monitor ${SENTINEL_MASTER_NAME} 127.0.0.1 ${master} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER_NAME} 1000`,
        `sentinel failover-timeout ${SENTINEL_MASTER_NAME} 10000`,
        `sentinel parallel-syncs ${SENTINEL_MASTER_NAME} 1`,
        '',
      ].join('\n'),
    );
    const child = spawn('redis-sentinel', [config], { stdio: 'ignore' });
    child.on('error', () => undefined);
    this.sentinels.push(child);
    this.sentinelPorts.push(port);
    await waitUntil(
      () => portAnswers('127.0.0.1', port, 200),
      10_000,
      `redis-sentinel em ${port}`,
      50,
    );
  }

  /** The master's port as each Sentinel names it (0 when one does not answer). */
  async mastersNamed(): Promise<number[]> {
    return Promise.all(
      this.sentinelPorts.map(async (port) => {
        const sentinel = new Redis({
          port,
          host: '127.0.0.1',
          lazyConnect: true,
          maxRetriesPerRequest: 0,
        });
        sentinel.on('error', () => undefined);
        try {
          await sentinel.connect();
          const answer = (await sentinel.call(
            'sentinel',
            'get-master-addr-by-name',
            SENTINEL_MASTER_NAME,
          )) as [string, string] | null;
          return answer ? Number(answer[1]) : 0;
        } catch {
          return 0;
        } finally {
          sentinel.disconnect();
        }
      }),
    );
  }

  async waitForMaster(port: number, timeoutMs: number): Promise<void> {
    await waitUntil(
      async () => (await this.mastersNamed()).every((named) => named === port),
      timeoutMs,
      `os Sentinels apontarem o master em ${port}`,
      100,
    );
  }

  /** The port of the master the Sentinels agree on. */
  async master(): Promise<number> {
    const named = await this.mastersNamed();
    if (new Set(named).size !== 1 || named[0] === 0)
      throw new Error(`Sentinels divergem: ${named.join(', ')}`);
    return named[0];
  }

  /** SIGKILL of the redis-server on `port`: a machine lost. */
  async kill(port: number): Promise<void> {
    const child = this.servers.get(port);
    this.servers.delete(port);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Starts the redis-server on `port` again, as a replica of the current master. */
  async restartAsReplica(port: number): Promise<void> {
    await this.startServer(port, await this.master());
  }

  async close(): Promise<void> {
    const children = [...this.servers.values(), ...this.sentinels];
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
    rmSync(this.folder, { recursive: true, force: true });
  }
}

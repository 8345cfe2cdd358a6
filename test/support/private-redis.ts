import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { portAnswers } from '../../infra/scripts/local-services';

/** Whether a `redis-server` binary is on the PATH (Debian's `redis-server` package). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: tempo esgotado`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A redis-server of the test's own, on a free loopback port, without persistence: the test may
 * stop and start it (an outage) without touching the shared one.
 */
export class PrivateRedis {
  private process?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port and waits until it accepts connections. */
  async up(): Promise<void> {
    if (this.process && this.process.exitCode === null && this.process.signalCode === null) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.process = child;
    await waitFor(() => portAnswers('127.0.0.1', this.port, 200), 10_000, 'redis-server privado');
  }

  /** Stops it (SIGKILL: an outage, not a goodbye) and waits until the port refuses connections. */
  async down(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    await waitFor(
      async () => !(await portAnswers('127.0.0.1', this.port, 200)),
      10_000,
      'parar o redis-server privado',
    );
  }
}

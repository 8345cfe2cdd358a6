import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';

const repoRoot = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

// `npm start` on a machine where neither PostgreSQL nor Redis answers: it must bring up the
// embedded PostgreSQL and a redis-server of its own, serve the app, and stop all of it on Ctrl+C.
test('npm start falls back to embedded PostgreSQL and its own redis-server, and Ctrl+C stops everything', async () => {
  test.setTimeout(120_000);
  const [port, pgPort, redisPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vira-launcher-'));
  chmodSync(dataDir, 0o755); // as root, initdb runs as the postgres user and must reach its folder
  let launcher: ChildProcess | undefined;
  try {
    launcher = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'infra/scripts/start.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        VIRA_POSTGRES: 'embedded',
        VIRA_REDIS: 'spawn',
        VIRA_DATA_DIR: dataDir,
        VIRA_EMBEDDED_PG_PORT: String(pgPort),
        VIRA_SPAWNED_REDIS_PORT: String(redisPort),
        REDIS_PREFIX: `vira-launcher-${port}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, like a terminal's foreground job
    });
    let output = '';
    launcher.stdout?.on('data', (chunk) => (output += chunk));
    launcher.stderr?.on('data', (chunk) => (output += chunk));

    await expect.poll(() => output, { timeout: 90_000 }).toContain(`Vira pronta em http://localhost:${port}`);
    expect(output).toContain(`PostgreSQL embutido em 127.0.0.1:${pgPort}`);
    expect(output).toContain(`redis-server em 127.0.0.1:${redisPort}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', postgres: 'ok', redis: 'ok' });

    // Safe by default: only this machine reaches it, and it says so.
    expect(output).toContain('Ouvindo só em 127.0.0.1 (defina HOST=0.0.0.0 para aceitar outras máquinas)');
    const lanAddress = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (lanAddress) expect(await accepts(lanAddress, port)).toBe(false);
    // No JWT_SECRET: one generated for this machine, readable by its owner only, never the repository's.
    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(secretFile, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    // The development mailbox is off on a plain start.
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`)).status).toBe(404);

    const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
    process.kill(-launcher.pid!, 'SIGINT'); // what Ctrl+C does: SIGINT to the whole foreground group
    // 0 from our own clean shutdown, or 130 (the conventional Ctrl+C code) when tsx reports the signal.
    expect([0, 130]).toContain(await exited);
    expect(await answers(`http://127.0.0.1:${port}/api/health`)).toBe(false);
    const listening = (servicePort: number) =>
      new Promise<boolean>((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(true));
        probe.listen(servicePort, '127.0.0.1', () => probe.close(() => resolve(false)));
      });
    await expect.poll(() => Promise.all([pgPort, redisPort].map(listening)), { timeout: 15_000 }).toEqual([false, false]);
  } finally {
    if (launcher?.pid && launcher.exitCode === null) process.kill(-launcher.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

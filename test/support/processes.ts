import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../..');

/**
 * Runs a backend TypeScript entrypoint (`backend/src/main.ts`, `backend/src/worker.ts`, a test's
 * own) in a child process, compiled as jest compiles it (swc-register.cjs: decorators with their
 * metadata, which the API's dependency injection needs), with this jest worker's environment plus
 * `env`. Its stderr shows in the test output.
 */
export function spawnBackend(entrypoint: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(
    process.execPath,
    ['-r', path.join(__dirname, 'swc-register.cjs'), path.resolve(REPO_ROOT, entrypoint)],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** Resolves when `child` has exited (at once if it has), or with false after `timeoutMs`. */
export function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/**
 * Stops `child` whatever state it is in, in bounded time: SIGTERM (its own graceful stop), then
 * SIGKILL if it has not exited within `graceMs`. For afterAll hooks.
 */
export async function stopProcess(child: ChildProcess | undefined, graceMs = 5_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await exited(child, graceMs)) return;
  child.kill('SIGKILL');
  if (!(await exited(child, 5_000)))
    throw new Error(`o processo ${child.pid} não terminou nem com SIGKILL`);
}

/** Polls `condition` every `everyMs` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
  everyMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`tempo esgotado (${timeoutMs} ms) esperando: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

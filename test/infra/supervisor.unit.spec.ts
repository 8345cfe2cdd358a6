import { spawn } from 'node:child_process';
import { Supervisor } from '../../infra/scripts/supervisor';
import { waitUntil } from '../support/processes';

/** A node process that runs until it is signalled (SIGTERM ends it cleanly). */
const longRunning = () =>
  spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

describe('the supervisor of npm start', () => {
  const lines: string[] = [];
  let supervisor: Supervisor;
  beforeEach(() => {
    lines.length = 0;
    supervisor = new Supervisor({
      log: (line) => lines.push(line),
      firstDelayMs: 20,
      maxDelayMs: 80,
      stopGraceMs: 5_000,
    });
  });
  afterEach(() => supervisor.stop());

  it('starts a process that dies again, and leaves the other one running', async () => {
    const api = supervisor.supervise('API', longRunning);
    const worker = supervisor.supervise('worker', longRunning);
    const [apiPid, firstWorker] = [api.current.pid, worker.current];

    firstWorker.kill('SIGKILL');
    await waitUntil(() => worker.restarts === 1, 10_000, 'the worker started again');

    expect(worker.current.pid).not.toBe(firstWorker.pid);
    expect(worker.current.exitCode).toBeNull();
    expect([api.current.pid, api.restarts, api.current.exitCode]).toEqual([apiPid, 0, null]);
    expect(lines).toEqual([
      'worker terminou (sinal SIGKILL); reiniciando em 0,02 s...',
      `worker no ar de novo (pid ${worker.current.pid}).`,
    ]);
  });

  it('waits longer after each quick death, up to its limit', async () => {
    const crashing = supervisor.supervise('worker', () =>
      spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' }),
    );
    await waitUntil(() => crashing.restarts >= 4, 10_000, 'four restarts');
    const delays = lines
      .filter((line) => line.startsWith('worker terminou'))
      .slice(0, 4)
      .map((line) => line.replace(/^.*reiniciando em /, ''));
    expect(delays).toEqual(['0,02 s...', '0,04 s...', '0,08 s...', '0,08 s...']);
    expect(lines[0]).toBe('worker terminou (código 3); reiniciando em 0,02 s...');
  });

  it('stops every process and starts none again', async () => {
    const api = supervisor.supervise('API', longRunning);
    const worker = supervisor.supervise('worker', longRunning);
    const children = [api.current, worker.current];
    await supervisor.stop();
    expect(children.map((child) => child.signalCode)).toEqual(['SIGTERM', 'SIGTERM']);
    expect([api.restarts, worker.restarts]).toEqual([0, 0]);
    expect(lines).toEqual([]);
  });
});

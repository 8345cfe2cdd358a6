import type { ChildProcess } from 'node:child_process';

export interface SupervisorOptions {
  /** Where the supervisor says what it does (pt-BR lines). */
  log: (line: string) => void;
  /** The first restart's delay; each quick death doubles it, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran this long before dying was healthy: its next restart waits `firstDelayMs` again. */
  healthyAfterMs?: number;
  /** How long `stop` waits after SIGTERM before SIGKILL. */
  stopGraceMs?: number;
}

/** One supervised process: the child running now, and how many times it was started again. */
export interface Supervised {
  readonly name: string;
  readonly current: ChildProcess;
  readonly restarts: number;
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR')} s`;

function exitOf(child: ChildProcess): string {
  return child.signalCode ? `sinal ${child.signalCode}` : `código ${child.exitCode}`;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Keeps processes running, as `npm start` needs for the API and the worker (Kubernetes does the
 * same for the pods): one that dies while the supervisor is not stopping is started again after a
 * delay that doubles with each quick death, the others go on serving meanwhile. `stop` ends them
 * all (SIGTERM, then SIGKILL after the grace period) and starts nothing more.
 */
export class Supervisor {
  private readonly processes: SupervisedProcess[] = [];
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  /**
   * Starts `start()` now and again whenever it dies; `running`, when given, is a child of
   * `start()` already running (the caller saw it start), taken over instead of a first start.
   */
  supervise(name: string, start: () => ChildProcess, running?: ChildProcess): Supervised {
    const supervised = new SupervisedProcess(
      name,
      start,
      this.options,
      () => this.stopping,
      running,
    );
    this.processes.push(supervised);
    return supervised;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.processes.map((process) => process.stop()));
  }
}

class SupervisedProcess implements Supervised {
  current: ChildProcess;
  restarts = 0;
  private delayMs: number;
  private pendingRestart: NodeJS.Timeout | undefined;

  constructor(
    readonly name: string,
    private readonly start: () => ChildProcess,
    private readonly options: SupervisorOptions,
    private readonly stopping: () => boolean,
    running?: ChildProcess,
  ) {
    this.delayMs = options.firstDelayMs ?? 500;
    this.current = this.watch(running ?? this.start());
  }

  private watch(child: ChildProcess): ChildProcess {
    const startedAt = Date.now();
    // Unheard, a failure to spawn or to signal would end the supervisor itself.
    child.on('error', (error) => this.options.log(`${this.name}: ${error.message}`));
    child.once('exit', () => {
      if (this.stopping()) return;
      const { firstDelayMs = 500, maxDelayMs = 15_000, healthyAfterMs = 60_000 } = this.options;
      if (Date.now() - startedAt >= healthyAfterMs) this.delayMs = firstDelayMs;
      const delayMs = this.delayMs;
      this.delayMs = Math.min(delayMs * 2, maxDelayMs);
      this.options.log(
        `${this.name} terminou (${exitOf(child)}); reiniciando em ${seconds(delayMs)}...`,
      );
      this.pendingRestart = setTimeout(() => {
        this.pendingRestart = undefined;
        if (this.stopping()) return;
        this.restarts += 1;
        this.current = this.watch(this.start());
        this.options.log(`${this.name} no ar de novo (pid ${this.current.pid}).`);
      }, delayMs);
    });
    return child;
  }

  stop(): Promise<void> {
    clearTimeout(this.pendingRestart);
    const child = this.current;
    if (hasExited(child)) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), this.options.stopGraceMs ?? 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

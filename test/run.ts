/**
 * `npm test`: lint, typecheck, every jest project (unit, integration on real PostgreSQL and
 * Redis, frontend components), a build, then the Playwright end-to-end tests in Debian's
 * Chromium against the built app. Ends with one line: `N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'test-results');

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];

interface Step {
  step: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Its output as it comes (the browser tests: a long step whose progress is worth seeing). */
  live?: boolean;
}

/** Runs one step; its output is shown in one piece when it ends, unless it is live. True when it passed. */
function runStep({ step, command, args, env = {}, live = false }: Step): Promise<boolean> {
  const started = Date.now();
  const header = `\n=== ${step}: ${command} ${args.join(' ')}\n`;
  if (live) process.stdout.write(header);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    env: { ...process.env, ...env },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const ok = status === 0;
      if (!live) process.stdout.write(header + Buffer.concat(output).toString());
      process.stdout.write(`=== ${step}: ${ok ? 'ok' : 'FALHOU'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      if (!ok) failedSteps.push(step);
      resolve(ok);
    });
  });
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

/** Adds a jest report to the total; answers how many tests it counted (0 without a report). */
function tallyJest(file: string): number {
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numRuntimeErrorTestSuites: number }>(
    path.join(results, file),
  );
  if (!report) return 0;
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  total.passed += report.numPassedTests;
  total.failed += failed;
  total.skipped += report.numPendingTests;
  return report.numPassedTests + failed;
}

/** Adds the browser tests' report to the total; answers how many tests it counted. */
function tallyPlaywright(): number {
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    path.join(results, 'e2e.json'),
  );
  if (!report) return 0;
  const { expected, unexpected, flaky, skipped } = report.stats;
  total.passed += expected;
  total.failed += unexpected + flaky;
  total.skipped += skipped;
  return expected + unexpected + flaky;
}

async function main(): Promise<void> {
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  /**
   * The jest `projects`, on a machine in `timeZone`, reporting to `report`, in `workers` workers
   * (each with its own database and Redis prefix). --forceExit: a suite that leaks a handle must
   * not hang CI; the teardown has already run by then.
   */
  const jest = (projects: string[], timeZone: string, what: string, workers: number): Step & { report: string } => {
    const report = `jest-${projects.join('-')}.json`;
    return {
      step: `jest (${what}, TZ=${timeZone})`,
      command: bin('jest'),
      args: ['--ci', '--forceExit', `--maxWorkers=${workers}`, '--selectProjects', ...projects, '--json', `--outputFile=${path.join(results, report)}`],
      env: { TZ: timeZone },
      report,
    };
  };

  /**
   * Runs a step of tests and adds its report to the total (`tally` answers how many tests it
   * counted): a run that failed before any test (the app did not start, jest could not write its
   * report) still counts as a failure.
   */
  const runTallied = async (step: Step, tally: () => number) => {
    const ok = await runStep(step);
    if (tally() === 0 && !ok) total.failed += 1;
  };

  // Days are cut in the tenant's zone, never the machine's: the integration specs run on a machine
  // in UTC, the pure rules and the screens on one in Tokyo. Tokyo (UTC+9, Sao Paulo+12) puts more
  // instants on another day than Sao Paulo's than UTC does (every one UTC moves, 21:00-24:00 in
  // Sao Paulo, Tokyo moves too), so a rule that cut by the machine's zone fails there whenever it
  // would fail in UTC.
  // The integration specs mostly wait on PostgreSQL and Redis, one round trip after another, and on
  // a busy machine every round trip waits its turn for a core: two CI runs side by side made the
  // request fuzzer 26 times slower than alone (494 s against 19). A third worker keeps a third
  // spec's round trips in flight (alone: 142 -> 130 s).
  // The unit and screen specs are CPU-bound: one worker per core.
  const integration = jest(['backend-int'], 'UTC', 'integração', 3);
  const unitsAndScreens = jest(['backend-unit', 'frontend'], 'Asia/Tokyo', 'unidade e telas', 2);
  /**
   * The test runs one after another: first the browser tests, as soon as the app is built (the
   * build emits without checking types), with the typecheck and the lint beside them; then the
   * integration specs, then the unit and screen specs. Each of the three alone keeps both cores
   * busy (on this machine: browser tests 643 s at 1.83 cores, integration 230 s at 1.95, unit and
   * screen specs 75 s at 1.85), so running them side by side fills no idle time, and it costs CPU:
   * their work grows with their wall time (expectations and waits polled, pages, timers and
   * connections kept alive while a step waits for a core). All three side by side: 1,233 s and
   * 2,420 core-s; the browser tests first and then both jest runs together: 1,164 s and 2,198,
   * the two jest runs taking 401 s; all one after another: 1,170 s and 2,197, the two jest runs
   * taking 333 s.
   */
  await Promise.all([
    (async () => {
      if (!(await runStep({ step: 'build', command: 'npm', args: ['run', '--silent', 'build'] }))) return;
      await runTallied(
        { step: 'e2e', command: bin('playwright'), args: ['test', '-c', 'test/e2e/playwright.config.ts'], live: true },
        tallyPlaywright,
      );
    })(),
    (async () => {
      await runStep({ step: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] });
      await runStep({ step: 'lint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] });
    })(),
  ]);
  await runTallied(integration, () => tallyJest(integration.report));
  // Every operation of the OpenAPI document was seen succeeding, its answer checked against its schema.
  await runStep({
    step: 'contract coverage',
    command: bin('tsx'),
    args: ['--tsconfig', 'backend/tsconfig.json', 'test/api/contract-coverage.ts'],
  });
  await runTallied(unitsAndScreens, () => tallyJest(unitsAndScreens.report));

  const expectedReports = failedSteps.filter((step) =>
    ['lint', 'typecheck', 'build', 'contract coverage'].includes(step),
  );
  total.failed += expectedReports.length;
  process.stdout.write(`\nEtapas com falha: ${failedSteps.length ? failedSteps.join(', ') : 'nenhuma'}\n`);
  process.stdout.write(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
  process.exit(failedSteps.length || total.failed ? 1 : 0);
}

void main();

/**
 * `npm test`: lint, typecheck, every jest project (unit, integration on real PostgreSQL and
 * Redis, frontend components), a build, then the Playwright end-to-end tests in Debian's
 * Chromium against the built app. Ends with one line: `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
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

function run(step: string, command: string, args: string[]): boolean {
  process.stdout.write(`\n=== ${step}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const ok = result.status === 0;
  process.stdout.write(`=== ${step}: ${ok ? 'ok' : 'FALHOU'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  if (!ok) failedSteps.push(step);
  return ok;
}

interface Step {
  step: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Steps run side by side, their output shown step by step once each ends. Each of these alone
 * leaves a core idle part of the time (lint and typecheck are one core's work each; the integration
 * specs wait on PostgreSQL and Redis, 159 % of 200 % measured): together they keep both busy.
 */
async function runSideBySide(steps: Step[]): Promise<void> {
  const ended = steps.map(({ step, command, args, env = {} }) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    return new Promise<() => void>((resolve) => {
      child.on('close', (status) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        resolve(() => {
          process.stdout.write(`\n=== ${step}: ${command} ${args.join(' ')}\n`);
          process.stdout.write(Buffer.concat(output));
          process.stdout.write(`=== ${step}: ${status === 0 ? 'ok' : 'FALHOU'} (${seconds} s)\n`);
          if (status !== 0) failedSteps.push(step);
        });
      });
    });
  });
  for (const report of await Promise.all(ended)) report();
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function tallyJest(file: string): void {
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numRuntimeErrorTestSuites: number }>(
    path.join(results, file),
  );
  if (!report) return;
  total.passed += report.numPassedTests;
  total.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
  total.skipped += report.numPendingTests;
}

function tallyPlaywright(): void {
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    path.join(results, 'e2e.json'),
  );
  if (!report) return;
  total.passed += report.stats.expected;
  total.failed += report.stats.unexpected + report.stats.flaky;
  total.skipped += report.stats.skipped;
}

async function main(): Promise<void> {
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  /**
   * The jest `projects`, on a machine in `timeZone`, reporting to `report`. --forceExit: a suite
   * that leaks a handle must not hang CI; the teardown has already run by then. Two workers on two
   * cores: jest's default (cores - 1) leaves one idle while the integration suites wait on
   * PostgreSQL and Redis, and each worker has its own database and Redis prefix.
   */
  const jest = (projects: string[], timeZone: string, what: string): Step & { report: string } => {
    const report = `jest-${projects.join('-')}.json`;
    return {
      step: `jest (${what}, TZ=${timeZone})`,
      command: bin('jest'),
      args: ['--ci', '--forceExit', '--maxWorkers=2', '--selectProjects', ...projects, '--json', `--outputFile=${path.join(results, report)}`],
      env: { TZ: timeZone },
      report,
    };
  };

  // Days are cut in the tenant's zone, never the machine's: the integration specs run on a machine
  // in UTC, the pure rules and the screens on one in Tokyo. Tokyo (UTC+9, Sao Paulo+12) puts more
  // instants on another day than Sao Paulo's than UTC does (every one UTC moves, 21:00-24:00 in
  // Sao Paulo, Tokyo moves too), so a rule that cut by the machine's zone fails there whenever it
  // would fail in UTC.
  const integration = jest(['backend-int'], 'UTC', 'integração');
  await runSideBySide([
    { step: 'lint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
    { step: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    integration,
  ]);
  tallyJest(integration.report);
  // Every operation of the OpenAPI document was seen succeeding, its answer checked against its schema.
  run('contract coverage', bin('tsx'), ['--tsconfig', 'backend/tsconfig.json', 'test/api/contract-coverage.ts']);
  const unitsAndScreens = jest(['backend-unit', 'frontend'], 'Asia/Tokyo', 'unidade e telas');
  await runSideBySide([unitsAndScreens, { step: 'build', command: 'npm', args: ['run', '--silent', 'build'] }]);
  tallyJest(unitsAndScreens.report);
  if (!failedSteps.includes('build')) {
    const passedBefore = total.passed + total.failed;
    const ok = run('e2e', bin('playwright'), ['test', '-c', 'test/e2e/playwright.config.ts']);
    tallyPlaywright();
    // A run that failed before any test (the app did not start) still counts as a failure.
    if (!ok && total.passed + total.failed === passedBefore) total.failed += 1;
  }

  const expectedReports = failedSteps.filter((step) =>
    ['lint', 'typecheck', 'build', 'contract coverage'].includes(step),
  );
  total.failed += expectedReports.length;
  process.stdout.write(`\nEtapas com falha: ${failedSteps.length ? failedSteps.join(', ') : 'nenhuma'}\n`);
  process.stdout.write(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
  process.exit(failedSteps.length || total.failed ? 1 : 0);
}

void main();

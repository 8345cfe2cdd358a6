/**
 * `npm run bench:faults`: the faults of issue 26, black-box against `npm start` (the supervisor,
 * the built API and worker) on its own database and Redis prefix, under a steady stream of credit
 * grants (one at a time, 40 ms apart): every backend of the database terminated, PostgreSQL
 * restarted, the worker and then the API killed (SIGKILL), Redis flushed and stopped for 3 s.
 * Prints, per fault, how long until /api/health said ok again, a grant was acknowledged after it
 * and a read showed every acknowledged grant without `X-Stale`, what the grants got meanwhile and what health said; then whether the student's balance is
 * exactly what was acknowledged (a grant whose request failed in transit may have committed).
 *
 * It restarts this machine's PostgreSQL cluster and Redis: run it alone, never beside tests or
 * other work. Not part of `npm run bench`; the same faults are asserted in `npm test`
 * (test/resilience) against processes of their own.
 */
import { type ChildProcess, execFileSync, execSync, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { signUpTrainer } from './http';
import { freePort } from './support/built-app';

const ROOT = path.resolve(__dirname, '..');
const RECOVERY_LIMIT_MS = 30_000;
const GRANT_EVERY_MS = 40;
const REDIS_DOWN_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shell = (command: string): string =>
  execSync(command, { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
/** The processes running `script` (pgrep run directly: a shell around it would match too). */
function kill(script: string): void {
  let pids: string[] = [];
  try {
    pids = execFileSync('pgrep', ['-f', script]).toString().split('\n').filter(Boolean);
  } catch {
    // pgrep exits 1 when nothing matches.
  }
  for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
}
const postgresVersion = () => readdirSync('/etc/postgresql').sort().at(-1) as string;

interface Stream {
  acked: number;
  refused: number;
  failedInTransit: number;
  other: number;
  lastAckAt: number;
}

async function health(url: string): Promise<{ ok: boolean; said: string }> {
  try {
    const answer = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    const { status } = (await answer.json()) as { status: string };
    return { ok: answer.status === 200 && status === 'ok', said: `${answer.status} ${status}` };
  } catch {
    return { ok: false, said: 'sem resposta' };
  }
}

async function main(): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app: ChildProcess = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      VIRA_DATABASE: `vira_faults_${process.pid}`,
      VIRA_FRESH_DATABASE: '1',
      REDIS_PREFIX: `vira-faults-${process.pid}`,
      LOG_LEVEL: 'error',
    },
  });
  let granting = false;
  try {
    for (let waited = 0; !(await health(url)).ok; waited += 1_000) {
      if (waited > 240_000) throw new Error('o app não ficou pronto em 4 min');
      await sleep(1_000);
    }
    const { headers } = await signUpTrainer(url, 'faults');
    const post = (route: string, body: unknown) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
    const student = (await (await post('/api/students', { nome: 'Aluno Sonda' })).json()) as {
      id: string;
    };

    const stream: Stream = { acked: 0, refused: 0, failedInTransit: 0, other: 0, lastAckAt: 0 };
    granting = true;
    const grants = (async () => {
      while (granting) {
        try {
          const answer = await post(`/api/students/${student.id}/credits`, {
            amount: 1,
            reason: 'sonda de falhas',
          });
          await answer.arrayBuffer();
          if (answer.ok) {
            stream.acked += 1;
            stream.lastAckAt = Date.now();
          } else if (answer.status === 503) stream.refused += 1;
          else stream.other += 1;
        } catch {
          stream.failedInTransit += 1;
        }
        await sleep(GRANT_EVERY_MS);
      }
    })();

    /** A read of the student, after what was acknowledged so far, shows it and is not stale. */
    const readsItsWrites = async () => {
      const acked = stream.acked;
      try {
        const answer = await fetch(`${url}/api/students/${student.id}`, {
          headers,
          signal: AbortSignal.timeout(5_000),
        });
        if (!answer.ok || answer.headers.get('x-stale') === 'true') return false;
        return ((await answer.json()) as { creditos: number }).creditos >= acked;
      } catch {
        return false;
      }
    };

    const rows: Record<string, string | number>[] = [];
    const fault = async (name: string, act: () => void) => {
      await sleep(3_000);
      const before = { ...stream };
      const started = Date.now();
      act();
      const said = new Set<string>();
      let recoveredMs: number | string = `> ${RECOVERY_LIMIT_MS}`;
      while (Date.now() - started < RECOVERY_LIMIT_MS) {
        const now = await health(url);
        said.add(now.said);
        if (now.ok && stream.lastAckAt > started && (await readsItsWrites())) {
          recoveredMs = Date.now() - started;
          break;
        }
        await sleep(100);
      }
      rows.push({
        falha: name,
        'de volta em ms': recoveredMs,
        aceitos: stream.acked - before.acked,
        'recusados (503)': stream.refused - before.refused,
        'falhas em trânsito': stream.failedInTransit - before.failedInTransit,
        'health disse': [...said].join(' → '),
      });
    };

    const database = `vira_faults_${process.pid}`;
    await fault('backends encerrados', () =>
      shell(
        `psql -h 127.0.0.1 -U postgres -Atqc "select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = '${database}'"`,
      ),
    );
    await fault('PostgreSQL reiniciado', () =>
      shell(`pg_ctlcluster --skip-systemctl-redirect ${postgresVersion()} main restart`),
    );
    await fault('worker morto (SIGKILL)', () => kill('dist/backend/src/worker.js'));
    await fault('API morta (SIGKILL)', () => kill('dist/backend/src/main.js'));
    await fault('Redis esvaziado e parado por 3 s', () => {
      shell('redis-cli -h 127.0.0.1 flushall && redis-cli -h 127.0.0.1 shutdown nosave || true');
      setTimeout(
        () =>
          shell(
            'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
          ),
        REDIS_DOWN_MS,
      );
    });
    granting = false;
    await grants;
    await sleep(3_000);
    const { creditos } = (await (
      await fetch(`${url}/api/students/${student.id}`, { headers })
    ).json()) as { creditos: number };

    console.table(rows);
    console.log(
      `Concessões aceitas: ${stream.acked}; recusadas com 503: ${stream.refused}; falhas em trânsito: ${stream.failedInTransit}; outras respostas: ${stream.other}`,
    );
    const kept = creditos >= stream.acked && creditos <= stream.acked + stream.failedInTransit;
    console.log(
      `Saldo do aluno: ${creditos} — ${kept ? 'nada aceito se perdeu, nada aplicado duas vezes' : 'DIFERE do que foi aceito'}`,
    );
    if (!kept || stream.other > 0) process.exitCode = 1;
  } finally {
    granting = false;
    if (app.pid) process.kill(-app.pid, 'SIGTERM');
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

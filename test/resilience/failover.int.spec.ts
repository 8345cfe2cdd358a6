/**
 * Losing the machine that holds the data. Two API instances and two workers run as `npm start`
 * runs them (processes under infra/scripts/supervisor.ts), on a pg_auto_failover formation (a
 * monitor, a primary and a synchronous secondary) and a Redis master with its replica and three
 * Sentinels, all of this test's own, while senders grant credits without pause through both APIs,
 * each grant with its own Idempotency-Key, a refused one sent again with the same key (on the
 * other API) until acknowledged.
 *
 * The PostgreSQL primary's node is lost (SIGKILL of its postgres and its pg_autoctl):
 * pg_auto_failover promotes the secondary, and the old node comes back as the new secondary. Then
 * the Redis master is lost (SIGKILL): the Sentinels promote its replica. Each time, by itself, the
 * stream goes on and /api/health is ok again on both APIs; no process is restarted. At the end the
 * event log holds every acknowledged grant exactly once, each balance is its history's sum, and the
 * read models are what a rebuild from the log gives. The time back to healthy is printed, not
 * asserted. With FAILOVER_DATABASE_URL and FAILOVER_DATABASE_COMMAND it runs against a managed
 * database instead, failed over by that command (infra/README.md).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { PROJECTIONS } from '../../backend/src/contexts';
import { createDatabase, createPool } from '../../backend/src/platform/database/database';
import { rebuildProjection } from '../../backend/src/platform/projections/rebuild';
import { type Supervised, Supervisor } from '../../infra/scripts/supervisor';
import { signUpBody } from '../support/accounts';
import { hasPgAutoFailover, PgAutoFailover } from '../support/pg-auto-failover';
import { freePort } from '../support/private-redis';
import { spawnBackend, waitUntil } from '../support/processes';
import { hasRedisSentinel, RedisSentinels, SENTINEL_MASTER_NAME } from '../support/redis-sentinel';

/** The bound waited for each recovery: a failover takes seconds, a busy machine many more. */
const RECOVERY_MS = 90_000;
const SENDERS = 4;
const DATABASE = 'vira';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: unknown;
}

/** A student's grants: keys 0..acknowledged-1 acknowledged, each sent until it was. */
interface Sender {
  studentId: string;
  api: number;
  acknowledged: number;
  lastAcknowledgedAt: number;
  /** Keys refused at least once (a 503, no answer) and acknowledged later. */
  retried: number;
}

/**
 * The same test against a managed database that fails over (infra/README.md): its URL, of an empty
 * database the API migrates, and a command that makes it fail over and returns once it has begun.
 */
const managed =
  process.env.FAILOVER_DATABASE_URL && process.env.FAILOVER_DATABASE_COMMAND
    ? { url: process.env.FAILOVER_DATABASE_URL, command: process.env.FAILOVER_DATABASE_COMMAND }
    : undefined;
const binaries = (managed !== undefined || hasPgAutoFailover()) && hasRedisSentinel();
const missing =
  'pg_autoctl (postgresql-15-auto-failover) ou redis-sentinel ausentes: ' +
  'apt-get install postgresql-15-auto-failover redis-sentinel';

(binaries ? describe : describe.skip)('the backend when a PostgreSQL or Redis node is lost', () => {
  if (!binaries) it.skip(missing, () => undefined);

  let postgres: PgAutoFailover | undefined;
  const databaseUrl = () => {
    if (managed) return managed.url;
    if (!postgres) throw new Error('a formação do pg_auto_failover não subiu');
    return postgres.url();
  };
  let redis: RedisSentinels;
  const supervisorLog: string[] = [];
  const supervisor = new Supervisor({ log: (line) => supervisorLog.push(line) });
  const processes: Supervised[] = [];
  const baseUrls: string[] = [];
  let token = '';
  let setupMs = 0;

  beforeAll(async () => {
    const setupStartedAt = Date.now();
    // Both settled before going on: afterAll stops whichever started, even when the other failed.
    const started = await Promise.allSettled([
      managed
        ? undefined
        : PgAutoFailover.start(DATABASE).then((formation) => (postgres = formation)),
      RedisSentinels.start().then((group) => (redis = group)),
    ]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const env = {
      DATABASE_URL: databaseUrl(),
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_SENTINELS: redis.sentinelList,
      REDIS_SENTINEL_NAME: SENTINEL_MASTER_NAME,
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}-failover`,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    for (let i = 0; i < 2; i++) baseUrls.push(`http://127.0.0.1:${await freePort()}`);
    const startApi = async (i: number) => {
      // The first migrates; the second starts once it has.
      const apiEnv = { ...env, PORT: new URL(baseUrls[i]).port, MIGRATE_ON_START: String(i === 0) };
      processes.push(
        supervisor.supervise(`API ${i + 1}`, () => spawnBackend('backend/src/main.ts', apiEnv)),
      );
      await waitUntil(
        async () => (await call(i, 'GET', '/api/health/live')).status === 200,
        180_000,
        `a API ${i + 1} no ar`,
        100,
      );
    };
    await startApi(0);
    for (let i = 0; i < 2; i++)
      processes.push(
        supervisor.supervise(`worker ${i + 1}`, () => spawnBackend('backend/src/worker.ts', env)),
      );
    await startApi(1);
    await waitUntil(healthyEverywhere, 120_000, '/api/health ok nas duas APIs', 100);
    const body = signUpBody();
    expect((await call(0, 'POST', '/api/auth/signup', body)).status).toBe(201);
    const login = await call(0, 'POST', '/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(login.status).toBe(200);
    token = (login.body as { accessToken: string }).accessToken;
    setupMs = Date.now() - setupStartedAt;
  }, 360_000);
  afterAll(async () => {
    await supervisor.stop();
    await Promise.all([redis?.close(), postgres?.close()]);
  });

  /** A request to API `api` over HTTP; status 0 when it does not answer. */
  async function call(
    api: number,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    try {
      const response = await fetch(`${baseUrls[api]}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: await response.json() };
    } catch (error) {
      return { status: 0, body: String(error) };
    }
  }

  async function healthyEverywhere(): Promise<boolean> {
    const answers = await Promise.all(baseUrls.map((_, api) => call(api, 'GET', '/api/health')));
    return answers.every((answer) => answer.status === 200);
  }

  it('fails over by itself and keeps every acknowledged command exactly once', async () => {
    const senders: Sender[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const created = await call(i % 2, 'POST', '/api/students', { nome: `Aluno ${i + 1}` });
      expect(created.status).toBe(201);
      senders.push({
        studentId: (created.body as { id: string }).id,
        api: i % 2,
        acknowledged: 0,
        lastAcknowledgedAt: 0,
        retried: 0,
      });
    }

    const refused = new Map<string, number>();
    const unexpected: string[] = [];
    const healthSeen = new Set<string>();
    let sending = true;
    const send = async (sender: Sender) => {
      // A refused key is sent again until acknowledged, even once the stream is told to stop:
      // whether it was applied is only known by asking again with its key.
      for (let attempt = 0; sending || attempt > 0;) {
        const key = `${sender.studentId}:${sender.acknowledged}`;
        const answer = await call(
          (sender.api + attempt) % 2,
          'POST',
          `/api/students/${sender.studentId}/credits`,
          { amount: 1, reason: 'Teste de failover' },
          { 'idempotency-key': key },
        );
        if (answer.status === 201 || answer.status === 200) {
          if (attempt > 0) sender.retried += 1;
          attempt = 0;
          sender.acknowledged += 1;
          sender.lastAcknowledgedAt = Date.now();
          continue;
        }
        attempt += 1;
        const code = (answer.body as { code?: string }).code ?? '';
        if (answer.status === 503 || answer.status === 0)
          refused.set(
            `${answer.status} ${code}`,
            (refused.get(`${answer.status} ${code}`) ?? 0) + 1,
          );
        else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        await sleep(50);
      }
    };
    const stream = Promise.all(senders.map(send));

    const acknowledgedAfter = (moment: number) =>
      senders.every((sender) => sender.lastAcknowledgedAt > moment);
    /** Until the stream goes on and both APIs are healthy; ms since `from`. */
    const recovery = async (from: number, what: string) => {
      await waitUntil(
        async () => {
          const answers = await Promise.all(
            baseUrls.map((_, api) => call(api, 'GET', '/api/health')),
          );
          for (const answer of answers)
            healthSeen.add(
              `${what}: ${(answer.body as { status?: string }).status ?? answer.status}`,
            );
          return acknowledgedAfter(from) && answers.every((answer) => answer.status === 200);
        },
        RECOVERY_MS,
        `recuperação: ${what}`,
        50,
      );
      return Date.now() - from;
    };
    const measured: Record<string, number> = {};

    try {
      await waitUntil(() => acknowledgedAfter(0), 30_000, 'o fluxo de comandos', 50);

      // 1. The PostgreSQL primary's node lost; the secondary promoted; the old node back as secondary.
      if (postgres) {
        const oldPrimary = await postgres.primary();
        const pgLostAt = Date.now();
        await postgres.kill(oldPrimary);
        measured['PostgreSQL: primário perdido, de volta saudável em'] = await recovery(
          pgLostAt,
          'postgres',
        );
        expect(await postgres.primary()).not.toBe(oldPrimary);
        postgres.restart(oldPrimary);
        const rejoinAt = Date.now();
        await postgres.waitForStates(
          oldPrimary === 0 ? ['secondary', 'primary'] : ['primary', 'secondary'],
          RECOVERY_MS,
        );
        measured['PostgreSQL: antigo primário de volta como secondary em'] = Date.now() - rejoinAt;
      } else if (managed) {
        const failoverAt = Date.now();
        expect(spawnSync('sh', ['-c', managed.command], { stdio: 'inherit' }).status).toBe(0);
        measured['PostgreSQL gerenciado: failover pedido, de volta saudável em'] = await recovery(
          failoverAt,
          'postgres',
        );
      }
      await recovery(Date.now(), 'postgres de volta');

      // 2. The Redis master lost; the Sentinels promote its replica.
      const oldMaster = await redis.master();
      const redisLostAt = Date.now();
      await redis.kill(oldMaster);
      measured['Redis: master perdido, de volta saudável em'] = await recovery(
        redisLostAt,
        'redis',
      );
      await waitUntil(
        async () => (await redis.master().catch(() => oldMaster)) !== oldMaster,
        RECOVERY_MS,
        'um novo master',
        100,
      );
      await redis.restartAsReplica(oldMaster);
      await recovery(Date.now(), 'redis de volta');
    } finally {
      sending = false;
      await stream;
    }

    expect(unexpected).toEqual([]);
    expect(processes.map((child) => child.restarts)).toEqual([0, 0, 0, 0]);
    // Between the primary lost and the secondary promoted, a standby answers: a failover, degraded.
    if (postgres) expect([...healthSeen]).toContain('postgres: degraded');

    // Every acknowledged grant once in the log, and nothing else.
    const db = createDatabase(
      createPool({
        connectionString: databaseUrl(),
        poolMax: 2,
        applicationName: 'vira-test-failover',
      }),
    );
    try {
      const { rows: grants } = await sql<{ student: string; grants: number }>`
        select stream_id::text as student, count(*)::int as grants from events
        where event_type = 'CreditsGranted' group by stream_id`.execute(db);
      expect(Object.fromEntries(grants.map((row) => [row.student, row.grants]))).toEqual(
        Object.fromEntries(senders.map((sender) => [sender.studentId, sender.acknowledged])),
      );

      // Each balance is its history's sum, once the read models have every grant.
      const readAll = async () =>
        Promise.all(
          senders.map(async (sender) => ({
            student: (await call(0, 'GET', `/api/students/${sender.studentId}`)).body as {
              creditos: number;
            },
            history: (await call(1, 'GET', `/api/students/${sender.studentId}/history`)).body as {
              items: { amount: number; balanceAfter: number }[];
            },
          })),
        );
      await waitUntil(
        async () =>
          (await readAll()).every((read, i) => read.student.creditos === senders[i].acknowledged),
        RECOVERY_MS,
        'os modelos de leitura com todos os créditos',
        100,
      );
      const live = await readAll();
      for (const [i, read] of live.entries()) {
        expect(read.history.items).toHaveLength(senders[i].acknowledged);
        expect(read.history.items.reduce((sum, item) => sum + item.amount, 0)).toBe(
          read.student.creditos,
        );
      }

      // The read models are what the log gives when rebuilt from scratch.
      for (const projection of PROJECTIONS) await rebuildProjection(db, projection);
      expect(await readAll()).toEqual(live);
    } finally {
      await db.destroy();
    }

    process.stdout.write(
      `Failover — ${Object.entries(measured)
        .map(([what, ms]) => `${what} ${(ms / 1000).toFixed(1)} s`)
        .join('; ')}. ` +
        `Concessões confirmadas: ${senders.reduce((sum, sender) => sum + sender.acknowledged, 0)} ` +
        `(perdidas 0, em dobro 0); repetidas com a mesma Idempotency-Key e aplicadas uma vez: ` +
        `${senders.reduce((sum, sender) => sum + sender.retried, 0)}; ` +
        `recusas: ${[...refused].map(([answer, n]) => `${n}× ${answer}`).join(', ') || 'nenhuma'}. ` +
        `/api/health visto: ${[...healthSeen].join(', ')}. ` +
        `Supervisor: ${supervisorLog.join(' | ') || 'nenhum reinício'}. ` +
        `Preparação (formação, Sentinels, duas APIs e dois workers): ${(setupMs / 1000).toFixed(1)} s\n`,
    );
  }, 600_000);
});

/**
 * The agenda's figures (`npm run bench` runs it after the others; `npm run bench:sessions` alone):
 *
 *   reads: GET /api/sessions for one month of a trainer with 5,000 sessions, each with its WhatsApp
 *          reminder, the real API (built, with its worker) beside a bare node:http + pg server
 *          running the app's own statement, taking turns; then again with 50,000 sessions for that
 *          trainer and 1,000 other trainers in the table (the month itself holds the same 150
 *          sessions: the p99 should stay within 1.3x).
 *   lag:   session bookings at 200/s (50 trainers) through the real command path (schedule guard
 *          included, every projection and process manager of the app woken as the API wakes
 *          them) -> the dashboard's read model (`sessions`) -> the socket message, with all of them
 *          running in the real worker; 10 s measured after 2 s at the same rate.
 *
 * Seeding is direct event appends (one INSERT ... SELECT per few thousand events) that the
 * worker then projects, not 50,000 HTTP calls. Own database and Redis prefix per run.
 */
import { randomUUID } from 'node:crypto';
import { type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { type Kysely, sql } from 'kysely';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { appConfigFrom, PROCESS_MANAGERS, PROJECTIONS } from '../backend/src/contexts';
import { monthRange } from '../backend/src/contracts/shared/time';
import {
  createDatabase,
  createPool,
  type Database,
} from '../backend/src/platform/database/database';
import { CommandRunner } from '../backend/src/platform/event-store/command-runner';
import { ProjectionCatalogue } from '../backend/src/platform/projections/projection-catalogue';
import { readersBehind } from '../backend/src/platform/projections/projection-runner';
import { ProjectionsOnCommit } from '../backend/src/platform/projections/projections-on-commit';
import { ReadYourWrites } from '../backend/src/platform/projections/read-your-writes';
import { projectionKeys } from '../backend/src/platform/projections/redis-keys';
import { closeRedis, createRedis } from '../backend/src/platform/queue/redis';
import { SessionCommands } from '../backend/src/scheduling/commands/session.commands';
import { sessionsStartingBetween } from '../backend/src/scheduling/queries/sessions.repository';
import { StudentCommands } from '../backend/src/students/commands/student.commands';
import { compare, type HttpComparison, json } from './http';
import {
  BENCH_REDIS_URL,
  type BuiltApp,
  freePort,
  startBare,
  startBuiltApp,
  stop,
  vacuumAsAutovacuumWould,
  waitFor,
} from './support/built-app';
import { firstCovering, hearCheckpoints, openLoop, untilCovered, withTargets } from './support/lag';
import { runAsScript } from './support/script';

const CONNECTIONS = 16;
const WINDOW_SECONDS = 3;
const MONTH = '2031-03';
/** Sessions of the measured month: a busy trainer's (about 7 a working day). */
const MONTH_SESSIONS = 150;
const LAG_RATE = 200;
const LAG_SECONDS = 10;
/**
 * Commands at the same rate before the measured ones: the worker's pool opening connections to
 * new backends and its code still cold made the first second's lags, not the steady state's.
 */
const LAG_WARM_UP_SECONDS = 2;
const LAG_TRAINERS = 50;
/** Bookings waiting for their answer at most, under the bench pool's 40 connections (support/lag.ts). */
const LAG_IN_FLIGHT = 32;

export interface SessionsBench {
  reads: HttpComparison[];
  /** p99 with 50,000 sessions and 1,000 other trainers ÷ p99 with 5,000. */
  p99Growth: number;
  lag: {
    ratePerSecond: number;
    achievedPerSecond: number;
    commands: number;
    readModelLagMs: { p50: number; p95: number; p99: number };
    socketLagMs: { p50: number; p95: number; p99: number };
  };
}

const METADATA = JSON.stringify({
  actorId: randomUUID(),
  actorRole: 'personal',
  correlationId: 'bench',
  causationId: 'bench',
  commandId: 'bench',
});
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** `count` students of `tenantId` (StudentRegistered appended directly); answers their ids. */
export async function seedStudents(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
): Promise<string[]> {
  const { rows } = await sql<{ streamId: string }>`
    insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
    select ${tenantId}::uuid, 'student', gen_random_uuid(), 1, 'StudentRegistered',
           jsonb_build_object('nome', 'Aluno ' || i, 'telefone', null, 'whatsapp', null, 'email', null,
                              'planoId', null, 'observacoes', null),
           ${METADATA}::jsonb
    from generate_series(1, ${count}::int) i
    returning stream_id`.execute(db);
  return rows.map((row) => row.streamId);
}

/**
 * `count` one-hour sessions of `tenantId` at `first` + i * `every` (an SQL interval, negative to
 * go back in time), taking `students` in turn; SessionBooked appended directly, 10,000 a statement.
 */
export async function seedTrainerSessions(
  db: Kysely<Database>,
  tenantId: string,
  students: string[],
  count: number,
  first: string,
  every: string,
): Promise<void> {
  for (let offset = 0; offset < count; offset += 10_000) {
    const last = Math.min(count, offset + 10_000) - 1;
    await sql`
      insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
      select ${tenantId}::uuid, 'session', gen_random_uuid(), 1, 'SessionBooked',
             ${sessionBooked(sql`(${students}::uuid[])[1 + i % ${students.length}::int]`)},
             ${METADATA}::jsonb
      from generate_series(${offset}::int, ${last}::int) i,
           lateral (select ${first}::timestamptz + i * ${every}::interval as at) s`.execute(db);
  }
}

/** The log's last position (0 when empty). */
async function headPosition(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{
    position: number | null;
  }>`select max(global_position) as position from events`.execute(db);
  return rows[0].position ?? 0;
}

/**
 * A WhatsApp reminder sent for every session booked after `position` (WhatsAppMessageSent appended
 * directly, one message stream each): trainers who remind by WhatsApp, whose sessions each carry a
 * reminder's state.
 */
async function seedReminders(db: Kysely<Database>, position: number): Promise<void> {
  await sql`
    insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
    select b.tenant_id, 'whatsapp-message', b.message_id, 1, 'WhatsAppMessageSent',
           jsonb_build_object('messageId', b.message_id, 'studentId', b.data->>'studentId',
                              'sessionId', b.stream_id, 'cause', 'reminder-' || b.stream_id,
                              'modelo', 'vira_lembrete_sessao', 'wamid', 'wamid.' || b.message_id),
           ${METADATA}::jsonb
    from (select tenant_id, stream_id, data, gen_random_uuid() as message_id from events
          where global_position > ${position} and event_type = 'SessionBooked') b`.execute(db);
}

/** `perTrainer` sessions for each of `tenantIds` (one student each, `studentIds` in the same order). */
async function seedOtherTrainers(
  db: Kysely<Database>,
  tenantIds: string[],
  studentIds: string[],
  perTrainer: number,
  first: string,
  every: string,
): Promise<void> {
  await sql`
    insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
    select t.tenant_id, 'session', gen_random_uuid(), 1, 'SessionBooked',
           ${sessionBooked(sql`t.student_id`)}, ${METADATA}::jsonb
    from unnest(${tenantIds}::uuid[], ${studentIds}::uuid[]) as t(tenant_id, student_id),
         generate_series(0, ${perTrainer - 1}::int) i,
         lateral (select ${first}::timestamptz + i * ${every}::interval as at) s`.execute(db);
}

/** SessionBooked's data for a session at `s.at`, one hour long. */
const sessionBooked = (studentId: ReturnType<typeof sql>) => sql`jsonb_build_object(
  'studentId', ${studentId}, 'locationId', null,
  'inicio', to_char(s.at at time zone 'UTC', ${sql.raw(ISO)}),
  'fim', to_char((s.at + interval '1 hour') at time zone 'UTC', ${sql.raw(ISO)}),
  'observacoes', null, 'seriesId', null, 'allowOverlap', false, 'origin', 'personal')`;

/** Every projection and process manager of the app: what a command wakes in the API. */
const APP_CATALOGUE = new ProjectionCatalogue(PROJECTIONS, PROCESS_MANAGERS);

/**
 * Waits until the worker's projections and process managers have read the whole log: nothing
 * else competes for the machine while measuring.
 */
export async function waitForProjections(db: Kysely<Database>, timeoutMs = 600_000): Promise<void> {
  const names = APP_CATALOGUE.names();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = (
      await sql<{ position: number }>`select max(global_position) as position from events`.execute(
        db,
      )
    ).rows[0].position;
    const rows = await db
      .selectFrom('projectionCheckpoints')
      .select(['name', 'globalPosition'])
      .execute();
    if (
      names.every((name) => rows.some((row) => row.name === name)) &&
      rows.every((row) => row.globalPosition >= head)
    )
      return;
    if (Date.now() > deadline) throw new Error('o worker não alcançou o log');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until every projection and process manager has read every event of its types (a reader
 * of other types stays behind the log's end until the safety net moves it past them). Run after
 * the lag's bookings: a read model that could not take them (it failed and retried its batch
 * meanwhile, taking the machine from the one measured) fails the bench instead of passing unseen.
 */
async function untilEveryReaderReadItsEvents(db: Kysely<Database>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const behind = await readersBehind(db, APP_CATALOGUE.readers(), Number.MAX_SAFE_INTEGER);
    if (behind.size === 0) return;
    if (Date.now() > deadline)
      throw new Error(`não leram os eventos dos seus tipos: ${[...behind].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The bare server: node:http + pg running the app's own statement for GET /api/sessions (its text
 * taken from SessionsRepository's `sessionsStartingBetween`, never copied), prepared as the app's
 * pool prepares it, its rows answered as they come.
 */
const BARE_SERVER = `
const http = require('node:http');
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenantId = process.env.TENANT_ID;
const list = { name: 'sessions_starting_between', text: ${JSON.stringify(sessionsStartingBetween.text)} };
http.createServer(async (request, response) => {
  try {
    const url = new URL(request.url, 'http://bare');
    const { rows } = await pool.query({ ...list, values: [tenantId, new Date(url.searchParams.get('from')), new Date(url.searchParams.get('to'))] });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ items: rows }));
  } catch (error) {
    response.statusCode = 500;
    response.end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round1 = (value: number) => Math.round(value * 10) / 10;
const summary = (values: number[]) => ({
  p50: round1(percentile(values, 50)),
  p95: round1(percentile(values, 95)),
  p99: round1(percentile(values, 99)),
});

/**
 * Bookings at `LAG_RATE`/s over LAG_TRAINERS trainers, through the command path the API uses
 * (schedule guard inline, wake-ups and read-your-writes on commit); the lag of each, from its
 * answer to the `sessions` checkpoint covering it and to the socket message of that batch.
 */
async function measureLag(db: Kysely<Database>, app: BuiltApp): Promise<SessionsBench['lag']> {
  // The app's own configuration, its personal-data key included: a student registered here with
  // another key is one the worker cannot open, and every projection reading registrations retried
  // its whole batch for as long as the bookings ran (the lag measured was theirs).
  const config = appConfigFrom({ ...app.env, LOG_LEVEL: 'error' });
  const keys = projectionKeys(config.REDIS_PREFIX);
  const redis = createRedis(BENCH_REDIS_URL, 'vira-bench-sessions');
  const readYourWrites = new ReadYourWrites(config, db, redis);
  const runner = new CommandRunner(db, new ProjectionsOnCommit(APP_CATALOGUE, readYourWrites));
  const sessions = new SessionCommands(runner);
  const subscriber = createRedis(BENCH_REDIS_URL, 'vira-bench-sessions-sub');
  const [pub, sub] = [
    createRedis(BENCH_REDIS_URL, 'vira-bench-io-pub'),
    createRedis(BENCH_REDIS_URL, 'vira-bench-io-sub'),
  ];
  const httpServer = createServer();
  const ioServer = new Server(httpServer, { path: '/socket.io' });
  let client: ReturnType<typeof io> | undefined;
  // Whatever it opened is closed again, whether it measured or failed.
  try {
    const trainers = await Promise.all(
      Array.from({ length: LAG_TRAINERS }, async () => {
        const context = {
          tenantId: randomUUID(),
          actorId: randomUUID(),
          actorRole: 'personal' as const,
          correlationId: 'bench',
        };
        const student = randomUUID();
        await new StudentCommands(runner).handle(context, student, {
          type: 'RegisterStudent',
          profile: {
            nome: 'Aluna Bench',
            telefone: null,
            whatsapp: null,
            email: null,
            planoId: null,
            observacoes: null,
          },
        });
        return { context, student };
      }),
    );

    const checkpoints = hearCheckpoints(subscriber);
    await subscriber.subscribe(keys.checkpointChannel);
    ioServer.adapter(createAdapter(pub, sub, { key: keys.socketIoKey }));
    ioServer.on('connection', (socket) => {
      for (const { context } of trainers) void socket.join(`tenant:${context.tenantId}`);
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const arrivals = new Map<string, number>();
    client = io(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, {
      path: '/socket.io',
      transports: ['websocket'],
    });
    client.on('changes', (message: { projection: string; position: number }) => {
      if (!arrivals.has(`${message.projection}:${message.position}`))
        arrivals.set(`${message.projection}:${message.position}`, performance.now());
    });
    await new Promise<void>((resolve) => client?.once('connect', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const warmUp = LAG_RATE * LAG_WARM_UP_SECONDS;
    const { sent, achievedPerSecond } = await openLoop(
      {
        rate: LAG_RATE,
        count: warmUp + LAG_RATE * LAG_SECONDS,
        warmUp,
        maxInFlight: LAG_IN_FLIGHT,
      },
      (index) => {
        const { context, student } = trainers[index % LAG_TRAINERS];
        const slot = Math.floor(index / LAG_TRAINERS);
        const inicio = new Date(Date.UTC(2032, 0, 1) + slot * 7_200_000);
        return sessions.handle({ ...context, correlationId: randomUUID() }, randomUUID(), {
          type: 'BookSession',
          booking: {
            studentId: student,
            locationId: null,
            inicio: inicio.toISOString(),
            fim: new Date(inicio.getTime() + 3_600_000).toISOString(),
            observacoes: null,
            seriesId: null,
            allowOverlap: false,
            origin: 'personal',
          },
        });
      },
    );
    const targets = await withTargets(db, sent);
    await untilCovered(
      checkpoints,
      ['sessions'],
      targets.map(({ target }) => target),
      20_000,
    );
    const readLags: number[] = [];
    const socketLags: number[] = [];
    for (const { command, target } of targets) {
      const found = firstCovering(checkpoints, 'sessions', target);
      readLags.push(found.at - command.ackAt);
      const socketAt = arrivals.get(`sessions:${found.position}`);
      if (socketAt !== undefined) socketLags.push(socketAt - command.ackAt);
    }
    return {
      ratePerSecond: LAG_RATE,
      achievedPerSecond,
      commands: sent.length,
      readModelLagMs: summary(readLags),
      socketLagMs: summary(socketLags),
    };
  } finally {
    client?.close();
    await new Promise<void>((resolve) => ioServer.close(() => resolve()));
    await readYourWrites.recordsSent();
    for (const connection of [subscriber, pub, sub, redis]) await closeRedis(connection);
  }
}

export async function measureSessions(): Promise<SessionsBench> {
  const app = await startBuiltApp('sessions', { LOG_LEVEL: 'info' });
  const { databaseUrl, url: apiUrl } = app;
  const barePort = await freePort();
  const db = createDatabase(
    createPool({
      connectionString: databaseUrl,
      poolMax: 40,
      applicationName: 'vira-bench-sessions',
    }),
  );
  let bare: ChildProcess | undefined;
  try {
    const email = `bench-agenda-${Date.now()}@example.com`;
    const password = 'bench-senha-1';
    const signup = {
      nome: 'Personal Bench',
      cpf: '52998224725',
      dataNascimento: '1990-01-01',
      telefone: '11999998888',
      email,
      password,
    };
    const post = (url: string, body: unknown) =>
      fetch(`${apiUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await json(await post('/api/auth/signup', signup));
    const { accessToken: token } = await json<{ accessToken: string }>(
      await post('/api/auth/login', { email, password }),
    );
    const authorization = `Bearer ${token}`;
    const { tenantId } = await json<{ tenantId: string }>(
      await fetch(`${apiUrl}/api/me`, { headers: { authorization } }),
    );

    const students = await seedStudents(db, tenantId, 40);
    const { from, to } = monthRange(MONTH, 'America/Sao_Paulo');
    // The month's 150 (one every 4 h 40 min from its first morning); the rest before it, every
    // 3 hours back in time from the end of February.
    const monthStart = new Date(from.getTime() + 6 * 3_600_000).toISOString();
    let seededUpTo = await headPosition(db);
    await seedTrainerSessions(
      db,
      tenantId,
      students,
      MONTH_SESSIONS,
      monthStart,
      '4 hours 40 minutes',
    );
    const history = (count: number, skip: number) =>
      seedTrainerSessions(
        db,
        tenantId,
        students,
        count,
        new Date(Date.parse('2031-02-28T12:00:00Z') - skip * 3 * 3_600_000).toISOString(),
        '-3 hours',
      );
    await history(5_000 - MONTH_SESSIONS, 0);
    await seedReminders(db, seededUpTo);
    process.stdout.write(
      'Agenda: 5.000 sessões (cada uma com seu lembrete) semeadas; projetando...\n',
    );
    await waitForProjections(db);
    await vacuumAsAutovacuumWould(databaseUrl);

    bare = startBare(BARE_SERVER, {
      DATABASE_URL: databaseUrl,
      TENANT_ID: tenantId,
      PORT: String(barePort),
    });
    const query = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    await waitFor(`http://127.0.0.1:${barePort}/?${query}`);
    const check = await json<{ items: unknown[] }>(
      await fetch(`${apiUrl}/api/sessions?${query}`, { headers: { authorization } }),
    );
    if (check.items.length !== MONTH_SESSIONS)
      throw new Error(`o mês tem ${check.items.length} sessões`);

    const reads: HttpComparison[] = [];
    // One trainer's latency (1 client: the p99 budget) and the throughput (CONNECTIONS clients).
    const measure = async (name: string) => {
      const figures: HttpComparison[] = [];
      for (const connections of [1, CONNECTIONS])
        figures.push(
          await compare(
            `${name}, ${connections === 1 ? '1 cliente' : `${connections} clientes`}`,
            {
              url: `${apiUrl}/api/sessions?${query}`,
              connections,
              duration: WINDOW_SECONDS,
              headers: { authorization },
            },
            {
              url: `http://127.0.0.1:${barePort}/?${query}`,
              connections,
              duration: WINDOW_SECONDS,
            },
          ),
        );
      return figures;
    };
    process.stdout.write('HTTP: GET /api/sessions (um mês, 5.000 sessões)...\n');
    const small = await measure('GET /api/sessions, um mês (5.000 sessões)');
    reads.push(...small);
    process.stdout.write(`  ${JSON.stringify(small)}\n`);

    seededUpTo = await headPosition(db);
    await history(45_000, 5_000 - MONTH_SESSIONS);
    const others = Array.from({ length: 1_000 }, () => randomUUID());
    const otherStudents: string[] = [];
    for (const other of others) otherStudents.push(...(await seedStudents(db, other, 1)));
    // 50 sessions each, one a fortnight from 10 months before the month to 14 after it: about
    // 2,000 of them in the month too.
    await seedOtherTrainers(
      db,
      others,
      otherStudents,
      50,
      '2030-05-01T12:00:00Z',
      '14 days 13 hours',
    );
    await seedReminders(db, seededUpTo);
    process.stdout.write(
      'Agenda: 50.000 sessões e 1.000 outros personais semeados; projetando...\n',
    );
    await waitForProjections(db);
    await vacuumAsAutovacuumWould(databaseUrl);
    process.stdout.write('HTTP: GET /api/sessions (um mês, 50.000 sessões + 1.000 personais)...\n');
    const large = await measure('GET /api/sessions, um mês (50.000 sessões, +1.000 personais)');
    reads.push(...large);
    process.stdout.write(`  ${JSON.stringify(large)}\n`);
    await stop(bare);
    bare = undefined;

    await waitForProjections(db);
    process.stdout.write(`Agenda: atraso comando -> dashboard -> socket a ${LAG_RATE}/s...\n`);
    const lag = await measureLag(db, app);
    await untilEveryReaderReadItsEvents(db, 60_000);
    return {
      reads,
      // Flatness at one client's latency: the budget's p99.
      p99Growth: Math.round((large[0].api.p99Ms / Math.max(small[0].api.p99Ms, 0.001)) * 100) / 100,
      lag,
    };
  } finally {
    await stop(bare);
    await db.destroy();
    await app.stop();
  }
}

export function printSessions(result: SessionsBench): void {
  process.stdout.write(
    '\nAgenda: GET /api/sessions de um mês (150 sessões), API vs node:http + pg\n',
  );
  console.table(
    result.reads.map((row) => ({
      caso: row.case,
      'API req/s': row.api.requestsPerSecond,
      'API p50/p99 ms': `${row.api.p50Ms} / ${row.api.p99Ms}`,
      'bare req/s': row.bare.requestsPerSecond,
      'bare p50/p99 ms': `${row.bare.p50Ms} / ${row.bare.p99Ms}`,
      razão: row.ratio,
    })),
  );
  process.stdout.write(`p99 (1 cliente) com 50.000 ÷ p99 com 5.000: ${result.p99Growth}\n`);
  const { lag } = result;
  process.stdout.write(
    `Agendamento -> dashboard -> socket a ${lag.ratePerSecond}/s (obtido ${lag.achievedPerSecond}/s, ${lag.commands} comandos): ` +
      `leitura p50/p95/p99 ${lag.readModelLagMs.p50}/${lag.readModelLagMs.p95}/${lag.readModelLagMs.p99} ms, ` +
      `socket p50/p95/p99 ${lag.socketLagMs.p50}/${lag.socketLagMs.p95}/${lag.socketLagMs.p99} ms\n`,
  );
}

if (require.main === module) runAsScript(() => measureSessions().then(printSessions));

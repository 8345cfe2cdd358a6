/**
 * Public booking where visitors feel it (the real API, built, in its own process, with its worker):
 *
 * - GET /api/public/:slug/locations/:id/slots for a busy trainer (5,000 sessions in the tenant, a
 *   full week ahead among them) beside a bare `node:http` + `pg` server answering the same reads
 *   with the same slot engine (backend/dist .../open-slots.js), taking turns in windows (the
 *   pattern of bench/http.ts): 1 connection (a visitor's latency: p99 budget 10 ms) and 16
 *   (throughput: ratio budget 0.6).
 * - POST /api/public/:slug/bookings on distinct slots from 32 clients at once (every booking a new
 *   phone: a student registered, then the slot booked under the trainer's schedule lock): bookings/s
 *   and the latency percentiles.
 *
 *   npm run bench:booking            (BENCH_SESSIONS=5000, BENCH_BOOKINGS=1500 by default)
 */
import type { ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { Client } from 'pg';
import { addDays, zonedInstant, zonedParts } from '../backend/src/contracts/shared/time';
import { compare, type HttpComparison, json, printHttp, signUpTrainer } from './http';
import {
  BUILT_BACKEND,
  freePort,
  startBare,
  startBuiltApp,
  stop,
  waitFor,
} from './support/built-app';
import { runAsScript } from './support/script';
import { percentile, round } from './support/stats';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 5_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_500);
const BOOKING_CLIENTS = 32;
const CONNECTIONS = 16;
const WINDOW_SECONDS = 3;
const TZ = 'America/Sao_Paulo';


/**
 * The same statement as the SlotBooking port (the availability stream, the sessions and vacations
 * around the days offered) and the same engine, answered as JSON with no framework, no rate limit
 * and no link settings read.
 */
const BARE_SERVER = `
const http = require('node:http');
const { Pool } = require('pg');
const engine = require(process.env.ENGINE);
const time = require(process.env.TIME);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenantId = process.env.TENANT_ID;
const streamId = process.env.AVAILABILITY_STREAM;
const TZ = 'America/Sao_Paulo';
const range = 'tstzrange($3::timestamptz - make_interval(mins => $5), $4::timestamptz + make_interval(mins => $5))';
const statement = "select (select coalesce(json_agg(json_build_object('type', event_type, 'data', data) order by stream_version), '[]') " +
  'from events where tenant_id = $1 and stream_id = $2) as availability, ' +
  "(select coalesce(json_agg(json_build_array(inicio, fim)), '[]') from schedule_entries where tenant_id = $1 and status <> 'cancelada' and tstzrange(inicio, fim) && " + range + ') as taken, ' +
  "(select coalesce(json_agg(json_build_array(starts_at, ends_at)), '[]') from vacation_blocks where tenant_id = $1 and tstzrange(starts_at, ends_at) && " + range + ') as blocked';
http.createServer(async (request, response) => {
  try {
    const now = new Date();
    const from = time.zonedParts(now, TZ).date;
    const window = engine.slotWindow({ from, now, timeZone: TZ });
    const range = [window.from, window.to, 15];
    const { rows } = await pool.query(statement, [tenantId, streamId, window.from, window.to, 15]);
    const facts = rows[0];
    const set = facts.availability.at(-1);
    const items = engine.openSlots({ from, now, timeZone: TZ, availability: set ? set.data.items : [],
      taken: facts.taken.map(([inicio, fim]) => ({ inicio: new Date(inicio), fim: new Date(fim) })),
      blocked: facts.blocked.map(([from, to]) => ({ from: new Date(from), to: new Date(to) })) });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ items }));
  } catch (error) {
    response.statusCode = 500;
    response.end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
`;


/**
 * `count` sessions of one student in one INSERT each for the log and for schedule_entries (what the
 * booking's inline projection writes): 4 a day in the 7 days ahead (08:00, 11:00, 13:00 and
 * 16:00), the rest one an hour back over the past months.
 */
async function seedSessions(
  client: Client,
  tenantId: string,
  studentId: string,
  locationId: string,
): Promise<void> {
  const today = zonedParts(new Date(), TZ).date;
  const starts: string[] = [];
  for (let day = 0; day < 7; day++)
    for (const hour of ['08:00', '11:00', '13:00', '16:00'])
      starts.push(zonedInstant(addDays(today, day), hour, TZ).toISOString());
  const firstPast = zonedInstant(addDays(today, -1), '20:00', TZ).getTime();
  for (let index = 0; starts.length < SESSIONS; index++)
    starts.push(new Date(firstPast - index * 3_600_000).toISOString());
  await client.query(
    `with input as (
       select gen_random_uuid() as id, inicio::timestamptz as inicio from unnest($4::text[]) as inicio
     ), written as (
       insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
       select $1::uuid, 'session', id, 1, 'SessionBooked',
         jsonb_build_object('studentId', $2::text, 'locationId', $3::text,
           'inicio', to_char(inicio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'fim', to_char((inicio + interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'observacoes', null, 'seriesId', null, 'allowOverlap', false, 'origin', 'personal'),
         jsonb_build_object('actorId', 'bench', 'actorRole', 'system', 'correlationId', 'bench', 'causationId', 'bench', 'commandId', 'bench')
       from input
       returning stream_id)
     insert into schedule_entries (session_id, tenant_id, student_id, series_id, inicio, fim, status, allow_overlap)
     select id, $1::uuid, $2::uuid, null, inicio, inicio + interval '1 hour', 'agendada', false from input`,
    [tenantId, studentId, locationId, starts],
  );
}

export interface BookingBench {
  sessions: number;
  single: HttpComparison;
  slots: HttpComparison;
  bookings: BookingFigure;
  /** The same across BOOKING_CLIENTS trainers (no two bookings wait for one lock). */
  bookingsAcrossTrainers: BookingFigure;
}

interface BookingFigure {
  clients: number;
  trainers: number;
  booked: number;
  /** By status and code (none expected: every slot is distinct and free). */
  refused: Record<string, number>;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/**
 * `BOOKINGS` bookings on distinct 15-minute slots 10+ days ahead, BOOKING_CLIENTS at once, taking
 * the trainers in turn (one trainer: every booking waits for that trainer's schedule lock).
 */
async function measureBookings(
  apiUrl: string,
  trainers: readonly { slug: string; locationId: string }[],
): Promise<BookingBench['bookings']> {
  const today = zonedParts(new Date(), TZ).date;
  const queue: string[] = [];
  const perTrainer = Math.ceil(BOOKINGS / trainers.length);
  for (let day = 10; queue.length < perTrainer; day++)
    // 00:00 to 23:45 (the availability ends at 23:59: the 23:45 slot would not fit).
    for (let minute = 0; minute < 23 * 60 + 45 && queue.length < perTrainer; minute += 15) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      queue.push(zonedInstant(addDays(today, day), time, TZ).toISOString());
    }
  const latencies: number[] = [];
  const refusals: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BOOKING_CLIENTS }, async () => {
      for (;;) {
        const index = next++;
        if (index >= BOOKINGS) return;
        const { slug, locationId } = trainers[index % trainers.length];
        const sent = performance.now();
        const response = await fetch(`${apiUrl}/api/public/${slug}/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            locationId,
            inicio: queue[Math.floor(index / trainers.length)],
            nome: `Visitante ${index}`,
            telefone: `119${String(10_000_000 + index).padStart(8, '0')}`,
          }),
        });
        const answer = await response.text();
        if (response.status === 201) latencies.push(performance.now() - sent);
        else {
          const code = `${response.status} ${(JSON.parse(answer) as { code?: string }).code ?? ''}`;
          refusals[code] = (refusals[code] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    clients: BOOKING_CLIENTS,
    trainers: trainers.length,
    booked: latencies.length,
    refused: refusals,
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
  };
}

/** Waits until the worker has projected the location and the slots answer (some open). */
async function offered(slotsUrl: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(slotsUrl);
    if (response.status === 200) {
      const { items } = await json<{ items: unknown[] }>(response);
      if (items.length === 0) throw new Error('nenhum horário livre: semeadura errada');
      return;
    }
    await response.text();
    if (attempt > 600) throw new Error(`local não publicado: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every hour of every day, 15-minute slots, no buffer, 60 days ahead. */
async function openForBookings(apiUrl: string, headers: Record<string, string>): Promise<void> {
  await json(
    await fetch(`${apiUrl}/api/availability`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        items: Array.from({ length: 7 }, (_, dayOfWeek) => ({
          dayOfWeek,
          startTime: '00:00',
          endTime: '23:59',
          isBlocked: false,
        })),
      }),
    }),
  );
  await json(
    await fetch(`${apiUrl}/api/settings/public-link`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        enabled: true,
        daysAhead: 60,
        bufferMinutes: 0,
        slotMinutes: 15,
        maxPerDay: 20,
        locationIds: null,
      }),
    }),
  );
}

export async function measureBooking(): Promise<BookingBench> {
  const app = await startBuiltApp('booking', {
    RATE_LIMIT_SIGNUP: '1000/60',
    RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/60',
    // Every load comes from one address here; the limits themselves are tested in jest.
    RATE_LIMIT_PUBLIC_SLOTS: '1000000000/60',
    RATE_LIMIT_PUBLIC_BOOKINGS: '1000000000/60',
  });
  const { databaseUrl, url: apiUrl } = app;
  const barePort = await freePort();
  let bare: ChildProcess | undefined;
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { headers, tenantId, slug } = await signUpTrainer(apiUrl, 'booking');
    const { id: locationId } = await json<{ id: string }>(
      await fetch(`${apiUrl}/api/locations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ nome: 'Academia Bench' }),
      }),
    );
    const { id: studentId } = await json<{ id: string }>(
      await fetch(`${apiUrl}/api/students`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ nome: 'Aluno Bench' }),
      }),
    );
    process.stdout.write(`Agendamento público: ${SESSIONS} sessões no tenant...\n`);
    await seedSessions(client, tenantId, studentId, locationId);
    // A new trainer's page starts off: the slots are read on the page turned on, as it comes.
    const link = await json<object>(await fetch(`${apiUrl}/api/settings/public-link`, { headers }));
    await json(
      await fetch(`${apiUrl}/api/settings/public-link`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...link, enabled: true }),
      }),
    );
    const slotsUrl = `${apiUrl}/api/public/${slug}/locations/${locationId}/slots`;
    await offered(slotsUrl);

    const { rows } = await client.query<{ stream_id: string }>(
      "select distinct stream_id from events where tenant_id = $1 and stream_type = 'availability'",
      [tenantId],
    );
    bare = startBare(BARE_SERVER, {
      DATABASE_URL: databaseUrl,
      TENANT_ID: tenantId,
      AVAILABILITY_STREAM: rows[0]?.stream_id ?? '00000000-0000-0000-0000-000000000000',
      ENGINE: path.join(BUILT_BACKEND, 'scheduling/domain/open-slots.js'),
      TIME: path.join(BUILT_BACKEND, 'contracts/shared/time.js'),
      PORT: String(barePort),
    });
    await waitFor(`http://127.0.0.1:${barePort}/`);
    const [apiAnswer, bareAnswer] = await Promise.all([
      fetch(slotsUrl).then((response) => response.text()),
      fetch(`http://127.0.0.1:${barePort}/`).then((response) => response.text()),
    ]);
    if (apiAnswer !== bareAnswer)
      throw new Error(`o servidor simples responde outra coisa:\n${apiAnswer}\n${bareAnswer}`);

    process.stdout.write('HTTP: GET horários livres...\n');
    const name = `GET /api/public/:slug/locations/:id/slots (${SESSIONS} sessões`;
    const single = await compare(
      `${name}, 1 conexão)`,
      { url: slotsUrl, connections: 1, duration: WINDOW_SECONDS },
      { url: `http://127.0.0.1:${barePort}/`, connections: 1, duration: WINDOW_SECONDS },
    );
    const slots = await compare(
      `${name}, ${CONNECTIONS} conexões)`,
      { url: slotsUrl, connections: CONNECTIONS, duration: WINDOW_SECONDS },
      { url: `http://127.0.0.1:${barePort}/`, connections: CONNECTIONS, duration: WINDOW_SECONDS },
    );

    process.stdout.write(
      `Agendamentos: ${BOOKINGS} horários distintos, ${BOOKING_CLIENTS} clientes...\n`,
    );
    await openForBookings(apiUrl, headers);
    const bookings = await measureBookings(apiUrl, [{ slug, locationId }]);

    process.stdout.write(`Agendamentos: ${BOOKING_CLIENTS} personais, um horário cada vez...\n`);
    const trainers: { slug: string; locationId: string }[] = [];
    for (let index = 0; index < BOOKING_CLIENTS; index++) {
      const other = await signUpTrainer(apiUrl, 'booking');
      const { id } = await json<{ id: string }>(
        await fetch(`${apiUrl}/api/locations`, {
          method: 'POST',
          headers: other.headers,
          body: JSON.stringify({ nome: `Academia ${index}` }),
        }),
      );
      await openForBookings(apiUrl, other.headers);
      trainers.push({ slug: other.slug, locationId: id });
    }
    for (const trainer of trainers)
      await offered(`${apiUrl}/api/public/${trainer.slug}/locations/${trainer.locationId}/slots`);
    const bookingsAcrossTrainers = await measureBookings(apiUrl, trainers);
    return { sessions: SESSIONS, single, slots, bookings, bookingsAcrossTrainers };
  } finally {
    await client.end().catch(() => undefined);
    await stop(bare);
    await app.stop();
  }
}

if (require.main === module)
  runAsScript(() =>
    measureBooking()
      .then((result) => {
        printHttp([result.single, result.slots]);
        for (const bookings of [result.bookings, result.bookingsAcrossTrainers])
          process.stdout.write(
            `\nAgendamentos públicos em horários distintos, ${bookings.clients} clientes, ${bookings.trainers} personal(is): ${bookings.perSecond}/s ` +
              `(${bookings.booked} feitos, recusados: ${JSON.stringify(bookings.refused)}), p50/p95/p99 ${bookings.p50Ms}/${bookings.p95Ms}/${bookings.p99Ms} ms\n`,
          );
        process.stdout.write(
          `Orçamento: p99 dos horários (1 conexão) ${result.single.api.p99Ms} ms (< 10), razão (${CONNECTIONS} conexões) ${result.slots.ratio} (>= 0.6)\n`,
        );
      }),
  );

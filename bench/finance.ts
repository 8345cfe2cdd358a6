/**
 * The finance summary where the trainer feels it: GET /api/finance/summary for a tenant with 50,000
 * transactions (the real API, built, in its own process, with its worker) beside a bare `node:http`
 * + `pg` server answering the same SQL, taking turns in windows; each figure the median of its
 * rounds. The transactions go into the event log in bulk (one INSERT); the worker projects them,
 * and how long it takes is the projections' catch-up figure (events/s). The summary is then checked
 * against a plain SUM over the events, to the centavo.
 *
 *   npm run bench:finance            (BENCH_TRANSACTIONS=50000 by default)
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { Client } from 'pg';
import { io } from 'socket.io-client';
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

const ROOT = path.resolve(__dirname, '..');
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 50_000);
const MONTH = '2026-06';
const CONNECTIONS = 16;
const LIVE_RATE = Number(process.env.BENCH_LIVE_RATE ?? 200);
const LIVE_SECONDS = 10;


export interface LiveFigure {
  ratePerSecond: number;
  achievedPerSecond: number;
  transactions: number;
  /** From the API's answer to the socket message of the summaries batch that covers it. */
  socketLagMs: { p50: number; p95: number; p99: number };
}

/**
 * POST /api/transactions at LIVE_RATE/s for LIVE_SECONDS through the real API, and the trainer's
 * own socket (as the SPA connects): for each transaction, the time from its answer to the first
 * `changes` message of the summaries projection at or past its position.
 */
async function measureLive(apiUrl: string, token: string): Promise<LiveFigure> {
  const arrivals: { position: number; at: number }[] = [];
  const socket = io(apiUrl, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  socket.on('changes', (message: { projection: string; position: number }) => {
    if (message.projection === 'finance-summaries')
      arrivals.push({ position: message.position, at: performance.now() });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const sent: { position: number; ackAt: number }[] = [];
  const total = LIVE_RATE * LIVE_SECONDS;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const wait = started + (index * 1000) / LIVE_RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      fetch(`${apiUrl}/api/transactions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          tipo: 'receita',
          valor: 10 + (index % 100),
          data: `${MONTH}-15`,
          descricao: `Ao vivo ${index}`,
          metodoPagamento: 'pix',
        }),
      }).then(async (response) => {
        const { position } = await json<{ position: number }>(response);
        sent.push({ position, ackAt: performance.now() });
      }),
    );
  }
  await Promise.all(inFlight);
  const achievedPerSecond = Math.round(sent.length / ((performance.now() - started) / 1000));
  const deadline = performance.now() + 20_000;
  while (performance.now() < deadline) {
    const highest = Math.max(0, ...arrivals.map((arrival) => arrival.position));
    if (sent.every((command) => command.position <= highest)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  socket.close();
  const lags = sent.map((command) => {
    const arrival = arrivals.find((candidate) => candidate.position >= command.position);
    if (!arrival) throw new Error(`nenhuma mensagem cobriu a posição ${command.position}`);
    return Math.max(0, arrival.at - command.ackAt);
  });
  return {
    ratePerSecond: LIVE_RATE,
    achievedPerSecond,
    transactions: sent.length,
    socketLagMs: {
      p50: round(percentile(lags, 50)),
      p95: round(percentile(lags, 95)),
      p99: round(percentile(lags, 99)),
    },
  };
}
const WINDOW_SECONDS = 3;

/** The summary's one statement, as FinanceRepository runs it, answered as JSON with no framework. */
const BARE_SERVER = `
const http = require('node:http');
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenantId = process.env.TENANT_ID;
const cols = (a) => ['month','previsto','recebido','despesas','pagantes','transacoes','imposto','reserva','operacional','retirada']
  .map((c) => a + '.' + c + ' as ' + a + '_' + c).join(', ');
const statement = 'select ' + cols('cur') + ', ' + cols('prev') + ', g.meta_mensal as meta, ' +
  '(select min(m.month) from finance_monthly_summaries m where m.tenant_id = $1) as primeiro ' +
  'from (select 1) one ' +
  'left join finance_monthly_summaries cur on cur.tenant_id = $1 and cur.month = $2 ' +
  'left join finance_monthly_summaries prev on prev.tenant_id = $1 and prev.month = $3 ' +
  'left join finance_settings g on g.tenant_id = $1';
const cents = (v) => v === null ? 0 : Math.round(Number(v) * 100);
http.createServer(async (request, response) => {
  try {
    const { rows } = await pool.query(statement, [tenantId, '${MONTH}', '2026-05']);
    const r = rows[0];
    const meta = cents(r.meta) || 1000000;
    const recebido = cents(r.cur_recebido), despesas = cents(r.cur_despesas);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ month: '${MONTH}', previsto: cents(r.cur_previsto) / 100, recebido: recebido / 100,
      despesas: despesas / 100, lucro: (recebido - despesas) / 100,
      ticketMedio: r.cur_pagantes > 0 ? Math.round(recebido / r.cur_pagantes) / 100 : 0,
      aderencia: Math.round(recebido / meta * 1000) / 10, meta: meta / 100,
      allocations: { imposto: cents(r.cur_imposto) / 100, reserva: cents(r.cur_reserva) / 100,
        operacional: cents(r.cur_operacional) / 100, retirada: cents(r.cur_retirada) / 100 },
      primeiroMes: r.primeiro }));
  } catch (error) {
    response.statusCode = 500;
    response.end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
`;


/**
 * `count` TransactionRecorded events of `tenantId` in one INSERT, one stream each, over the 12
 * months up to MONTH: four receitas (split 20/80, by five students) for each despesa.
 */
async function seedTransactions(client: Client, tenantId: string, count: number): Promise<number> {
  const { rows } = await client.query<{ position: string }>(
    `with input as (
       select n,
         (case when n % 5 = 0 then 'despesa' else 'receita' end) as tipo,
         ((n * 7919) % 99999) + 1 as valor,
         to_char(date '2025-07-01' + ((n % 12) * interval '1 month') + ((n % 28) * interval '1 day'), 'YYYY-MM-DD') as data
       from generate_series(1, $2::int) as n
     )
     insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
     select $1::uuid, 'transaction', gen_random_uuid(), 1, 'TransactionRecorded',
       jsonb_build_object(
         'tipo', tipo, 'valorCentavos', valor, 'data', data, 'descricao', 'Lançamento ' || n,
         'metodoPagamento', 'pix', 'studentId', case when tipo = 'receita' then ('00000000-0000-4000-8000-00000000000' || (n % 5))::text end,
         'referenciaId', null, 'referenciaTipo', null,
         'allocations', case when tipo = 'despesa' then '[]'::jsonb else jsonb_build_array(
           jsonb_build_object('tipo', 'reserva', 'valorCentavos', valor * 20 / 100),
           jsonb_build_object('tipo', 'retirada', 'valorCentavos', valor - valor * 20 / 100)) end),
       jsonb_build_object('actorId', 'bench', 'actorRole', 'system', 'correlationId', 'bench', 'causationId', 'bench', 'commandId', 'bench')
     from input
     returning global_position as position`,
    [tenantId, count],
  );
  return Math.max(...rows.map((row) => Number(row.position)));
}

async function waitForProjection(
  client: Client,
  name: string,
  position: number,
  timeoutMs = 600_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ position: string }>(
      'select global_position as position from projection_checkpoints where name = $1',
      [name],
    );
    if (rows[0] && Number(rows[0].position) >= position) return;
    if (Date.now() > deadline) throw new Error(`${name} não alcançou ${position}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface FinanceBench {
  transactions: number;
  catchUpSeconds: number;
  eventsPerSecond: number;
  /** `projections:rebuild finance-summaries`'s own report line. */
  rebuild: string;
  /** One trainer at a time (1 connection): the latency a person sees. */
  single: HttpComparison;
  /** 16 connections: throughput, latency under queueing. */
  summary: HttpComparison;
  live: LiveFigure;
}

export async function measureFinance(): Promise<FinanceBench> {
  const app = await startBuiltApp('finance', {
    LOG_LEVEL: 'info',
    RATE_LIMIT_SIGNUP: '1000/60',
    RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/60',
  });
  const { databaseUrl, url: apiUrl } = app;
  const barePort = await freePort();
  let bare: ChildProcess | undefined;
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { token, tenantId } = await signUpTrainer(apiUrl, 'finance');

    process.stdout.write(
      `Finanças: ${TRANSACTIONS} transações no log, projetadas pelo worker...\n`,
    );
    const started = Date.now();
    const last = await seedTransactions(client, tenantId, TRANSACTIONS);
    await waitForProjection(client, 'finance-summaries', last);
    const catchUpSeconds = (Date.now() - started) / 1000;
    await waitForProjection(client, 'finance-transactions', last);

    // The projection against a plain SUM over the events, to the centavo.
    const { rows: sums } = await client.query<{ recebido: string; despesas: string }>(
      `select coalesce(sum((data->>'valorCentavos')::bigint) filter (where data->>'tipo' = 'receita'), 0) as recebido,
              coalesce(sum((data->>'valorCentavos')::bigint) filter (where data->>'tipo' = 'despesa'), 0) as despesas
       from events where tenant_id = $1 and event_type = 'TransactionRecorded' and data->>'data' like $2`,
      [tenantId, `${MONTH}-%`],
    );
    const authorization = `Bearer ${token}`;
    const summary = await json<{ recebido: number; despesas: number }>(
      await fetch(`${apiUrl}/api/finance/summary?month=${MONTH}`, { headers: { authorization } }),
    );
    if (
      Math.round(summary.recebido * 100) !== Number(sums[0].recebido) ||
      Math.round(summary.despesas * 100) !== Number(sums[0].despesas)
    )
      throw new Error(
        `resumo difere da soma dos eventos: ${JSON.stringify({ summary, sums: sums[0] })}`,
      );

    process.stdout.write('Reconstrução dos resumos do zero...\n');
    const rebuild = execFileSync(
      process.execPath,
      [path.join(BUILT_BACKEND, 'worker.js'), 'rebuild', 'finance-summaries'],
      {
        cwd: ROOT,
        env: { ...process.env, ...app.env, LOG_LEVEL: 'warn' },
      },
    )
      .toString()
      .trim();

    bare = startBare(BARE_SERVER, {
      DATABASE_URL: databaseUrl,
      TENANT_ID: tenantId,
      PORT: String(barePort),
    });
    await waitFor(`http://127.0.0.1:${barePort}/`);
    process.stdout.write(`HTTP: GET /api/finance/summary (${TRANSACTIONS} transações)...\n`);
    const single = await compare(
      `GET /api/finance/summary (${TRANSACTIONS} transações, 1 conexão)`,
      {
        url: `${apiUrl}/api/finance/summary?month=${MONTH}`,
        connections: 1,
        duration: WINDOW_SECONDS,
        headers: { authorization },
      },
      { url: `http://127.0.0.1:${barePort}/`, connections: 1, duration: WINDOW_SECONDS },
    );
    const comparison = await compare(
      `GET /api/finance/summary (${TRANSACTIONS} transações, ${CONNECTIONS} conexões)`,
      {
        url: `${apiUrl}/api/finance/summary?month=${MONTH}`,
        connections: CONNECTIONS,
        duration: WINDOW_SECONDS,
        headers: { authorization },
      },
      { url: `http://127.0.0.1:${barePort}/`, connections: CONNECTIONS, duration: WINDOW_SECONDS },
    );
    process.stdout.write(`Transação -> resumo -> socket a ${LIVE_RATE}/s...\n`);
    const live = await measureLive(apiUrl, token);
    return {
      live,
      transactions: TRANSACTIONS,
      catchUpSeconds,
      eventsPerSecond: Math.round(TRANSACTIONS / catchUpSeconds),
      rebuild,
      single,
      summary: comparison,
    };
  } finally {
    await client.end().catch(() => undefined);
    await stop(bare);
    await app.stop();
  }
}

if (require.main === module)
  runAsScript(() =>
    measureFinance()
      .then((result) => {
        process.stdout.write(
          `\nProjeção (resumos mensais) alcançou ${result.transactions} eventos em ${result.catchUpSeconds.toFixed(2)} s: ${result.eventsPerSecond} eventos/s (com as outras projeções do worker rodando ao lado)\n`,
        );
        process.stdout.write(`Reconstrução: ${result.rebuild}\n`);
        printHttp([result.single, result.summary]);
        const { live } = result;
        process.stdout.write(
          `\nTransação -> resumo -> socket a ${live.ratePerSecond}/s (obtido ${live.achievedPerSecond}/s, ${live.transactions} transações): ` +
            `p50/p95/p99 ${live.socketLagMs.p50}/${live.socketLagMs.p95}/${live.socketLagMs.p99} ms\n`,
        );
      }),
  );

/**
 * The HTTP path where the user feels it: the real API (built, in its own process, production
 * logging, with its worker) beside a bare `node:http` + `pg` server answering the same SQL, in the
 * same run, taking turns in windows; each figure is the median of its rounds. Load from autocannon
 * in this process, the same for both servers.
 *
 *   reads:    GET /api/students for a trainer with N students   vs  the same SELECT, JSON out
 *   commands: POST /api/students/:id/credits (distinct students) vs  a one-row INSERT
 *
 * `npm run bench` runs it after the event-store figures; `npm run bench:http` alone.
 */
import { type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  freePort,
  startBare,
  startBuiltApp,
  stop,
  vacuumAsAutovacuumWould,
  waitFor,
} from './support/built-app';
import { runAsScript } from './support/script';

const ROUNDS = 5;
const WINDOW_SECONDS = 3;
/** Clients at once (16 by default: throughput; BENCH_HTTP_CONNECTIONS=1: one user's latency). */
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 16);

export interface HttpFigure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface HttpComparison {
  case: string;
  api: HttpFigure;
  bare: HttpFigure;
  /** api req/s ÷ bare req/s */
  ratio: number;
}

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A trainer with `students` students, projected; answers its token and the students' ids. */
async function seed(apiUrl: string, students: number): Promise<{ token: string; ids: string[] }> {
  const { token, headers } = await signUpTrainer(apiUrl, 'http');
  const ids: string[] = [];
  for (let index = 0; index < students; index++) {
    const { id } = await json<{ id: string }>(
      await fetch(`${apiUrl}/api/students`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          nome: `Aluno ${String(index).padStart(4, '0')}`,
          whatsapp: '11988887777',
        }),
      }),
    );
    ids.push(id);
  }
  // The read waits for this principal's writes: once it answers, the read model is there.
  const listed = await json<{ items: unknown[] }>(
    await fetch(`${apiUrl}/api/students`, { headers }),
  );
  if (listed.items.length !== students) throw new Error('projeção não alcançou os alunos');
  return { token, ids };
}

/** A trainer signed up and signed in through the API, as every bench seeds one. */
export interface BenchTrainer {
  email: string;
  password: string;
  token: string;
  /** JSON and the bearer token, for the trainer's requests. */
  headers: Record<string, string>;
  tenantId: string;
  slug: string;
}

let signUps = 0;

/** Signs a new trainer up (e-mail confirmation off in the benches' API) and in; `label` names the bench. */
export async function signUpTrainer(apiUrl: string, label: string): Promise<BenchTrainer> {
  signUps += 1;
  const email = `bench-${label}-${Date.now()}-${signUps}@example.com`;
  const password = 'bench-senha-1';
  const post = (url: string, body: unknown) =>
    fetch(`${apiUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(
    await post('/api/auth/signup', {
      nome: 'Ana Bench',
      cpf: '52998224725',
      dataNascimento: '1990-01-01',
      telefone: '11999998888',
      email,
      password,
    }),
  );
  const { accessToken: token } = await json<{ accessToken: string }>(
    await post('/api/auth/login', { email, password }),
  );
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const me = await json<{ tenantId: string; tenantSlug: string }>(
    await fetch(`${apiUrl}/api/me`, { headers }),
  );
  return { email, password, token, headers, tenantId: me.tenantId, slug: me.tenantSlug };
}

/** The trainer's open screen: a socket signed in as them, once connected. */
export async function trainerSocket(apiUrl: string, trainer: BenchTrainer): Promise<Socket> {
  const socket = io(apiUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: trainer.token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** A POST of JSON as the trainer these `headers` sign in, answering what it created. */
export function postAs(apiUrl: string, headers: Record<string, string>) {
  return async (url: string, body: unknown) =>
    json<{ id: string }>(
      await fetch(`${apiUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    );
}

/** What a bench trainer answers in the onboarding, which the app asks before its plain shell. */
export const ONBOARDING_ANSWERS = {
  alunos_ativos: '30',
  tipo_atendimento: 'Presencial',
  ticket_medio_mensal: '350',
  formas_cobranca: 'pix',
  emite_recibo: 'sim',
  faturamento_mensal_medio: '8000',
  tipo_planos: 'mensal',
  faz_desconto: 'não',
  tem_politica_cancelamento: 'sim',
  objetivos: 'crescer',
  meta_faturamento_6meses: '12000',
};

/** The bare server: node:http + pg, the students SELECT and a one-row INSERT, no framework. */
const BARE_SERVER = `
const http = require('node:http');
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenantId = process.env.TENANT_ID;
const list = \`select id, nome, telefone, whatsapp, email, plano_id, observacoes, ativo, creditos, created_at, updated_at
  from students where tenant_id = $1 and removed_at is null order by nome, id\`;
http.createServer(async (request, response) => {
  try {
    if (request.method === 'GET') {
      const { rows } = await pool.query(list, [tenantId]);
      const items = rows.map((row) => ({ id: row.id, nome: row.nome, telefone: row.telefone, whatsapp: row.whatsapp,
        email: row.email, planoId: row.plano_id, observacoes: row.observacoes, ativo: row.ativo, creditos: row.creditos,
        createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() }));
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ items }));
      return;
    }
    let body = '';
    for await (const chunk of request) body += chunk;
    const { amount, reason } = JSON.parse(body);
    const { rows } = await pool.query(
      'insert into bench_inserts (tenant_id, amount, reason) values ($1, $2, $3) returning id', [tenantId, amount, reason]);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ id: String(rows[0].id), position: Number(rows[0].id) }));
  } catch (error) {
    response.statusCode = 500;
    response.end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function load(options: autocannon.Options): Promise<HttpFigure> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0)
        return reject(
          new Error(`${options.url}: ${result.non2xx} respostas não-2xx, ${result.errors} erros`),
        );
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
      });
    });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianFigure = (figures: HttpFigure[]): HttpFigure => ({
  requestsPerSecond: Math.round(median(figures.map((figure) => figure.requestsPerSecond))),
  p50Ms: median(figures.map((figure) => figure.p50Ms)),
  p99Ms: median(figures.map((figure) => figure.p99Ms)),
});

/** Both servers take turns, ROUNDS times; the median of each. */
export async function compare(
  name: string,
  api: autocannon.Options,
  bare: autocannon.Options,
): Promise<HttpComparison> {
  const apiFigures: HttpFigure[] = [];
  const bareFigures: HttpFigure[] = [];
  // A first short window each warms the JIT and the pools.
  await load({ ...api, duration: 1 });
  await load({ ...bare, duration: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    apiFigures.push(await load(api));
    bareFigures.push(await load(bare));
  }
  const apiMedian = medianFigure(apiFigures);
  const bareMedian = medianFigure(bareFigures);
  return {
    case: name,
    api: apiMedian,
    bare: bareMedian,
    ratio: Math.round((apiMedian.requestsPerSecond / bareMedian.requestsPerSecond) * 100) / 100,
  };
}

export async function measureHttp(
  studentCounts: readonly number[] = [150, 500],
): Promise<HttpComparison[]> {
  const app = await startBuiltApp('http', {
    LOG_LEVEL: 'info',
    RATE_LIMIT_SIGNUP: '1000/60',
    RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/60',
    RATE_LIMIT_LOGIN_PER_EMAIL: '1000/60',
  });
  const { databaseUrl, url: apiUrl } = app;
  const barePort = await freePort();
  let bare: ChildProcess | undefined;
  const results: HttpComparison[] = [];
  try {
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      'create table bench_inserts (id bigint generated always as identity primary key, tenant_id uuid not null, amount int not null, reason text not null, created_at timestamptz not null default now())',
    );
    for (const students of studentCounts) {
      const { token, ids } = await seed(apiUrl, students);
      await vacuumAsAutovacuumWould(databaseUrl);
      const { rows } = await client.query<{ tenant_id: string }>(
        'select tenant_id from students where id = $1',
        [ids[0]],
      );
      bare = startBare(BARE_SERVER, {
        DATABASE_URL: databaseUrl,
        TENANT_ID: rows[0].tenant_id,
        PORT: String(barePort),
      });
      await waitFor(`${bareUrl}/`);
      const authorization = `Bearer ${token}`;
      process.stdout.write(`HTTP: GET /api/students (${students} alunos)...\n`);
      results.push(
        await compare(
          `GET /api/students (${students} alunos)`,
          {
            url: `${apiUrl}/api/students`,
            connections: CONNECTIONS,
            duration: WINDOW_SECONDS,
            headers: { authorization },
          },
          { url: `${bareUrl}/`, connections: CONNECTIONS, duration: WINDOW_SECONDS },
        ),
      );
      if (students === studentCounts[0]) {
        process.stdout.write('HTTP: POST /api/students/:id/credits...\n');
        let next = 0;
        const grant = {
          method: 'POST' as const,
          connections: CONNECTIONS,
          duration: WINDOW_SECONDS,
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 1, reason: 'bench' }),
        };
        const compareGrants = (name: string) =>
          compare(
            name,
            {
              ...grant,
              url: apiUrl,
              // Distinct students, round robin: commands on distinct streams.
              requests: [
                {
                  setupRequest: (request) => ({
                    ...request,
                    path: `/api/students/${ids[next++ % ids.length]}/credits`,
                  }),
                },
              ],
            },
            { ...grant, url: `${bareUrl}/` },
          );
        results.push(await compareGrants('POST /api/students/:id/credits'));
        // The same with the worker stopped: what the API's own layers cost (the bare server has no
        // worker). On two cores the worker's projections otherwise take the CPU the API answers with;
        // the commands are projected when it starts again (the lag figures are measured elsewhere).
        await app.stopWorker();
        results.push(
          await compareGrants('POST /api/students/:id/credits, só a API (worker parado)'),
        );
        app.startWorker();
      }
      await stop(bare);
      bare = undefined;
    }
    await client.end();
  } finally {
    await stop(bare);
    await app.stop();
  }
  return results;
}

export function printHttp(results: readonly HttpComparison[]): void {
  const rows = results.map((result) => [
    result.case,
    `${result.api.requestsPerSecond}`,
    `${result.api.p50Ms} / ${result.api.p99Ms}`,
    `${result.bare.requestsPerSecond}`,
    `${result.bare.p50Ms} / ${result.bare.p99Ms}`,
    `${result.ratio}`,
  ]);
  const header = ['caso', 'API req/s', 'API p50/p99 ms', 'bare req/s', 'bare p50/p99 ms', 'razão'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ');
  process.stdout.write(
    `\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}\n`,
  );
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

if (require.main === module) runAsScript(() => measureHttp().then(printHttp));

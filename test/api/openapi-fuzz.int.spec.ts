import { sql } from 'kysely';
import { CONTEXTS } from '../../backend/src/contexts';
import { DATABASE, type Db } from '../../backend/src/platform/database/database.module';
import { freshAddress } from '../support/accounts';
import { beatAsTheWorker, processManagersOf, projectToEndOfLog } from '../support/projections';
import { seededRandom } from '../support/seeded-random';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every route of the real app, read from its own OpenAPI document, gets a table of bad input —
 * wrong types, huge strings, NUL bytes, lone surrogates, unknown fields, arrays for objects, deep
 * nesting, numbers out of range, no body, bad path parameters, query strings and headers — plus
 * seeded random values. Whatever comes in: never a 5xx; every 4xx is `{ statusCode, code,
 * message }` in pt-BR; and a refused request writes nothing (no row of any table, the event log
 * included, inserted, updated or deleted). New routes are fuzzed as soon as they are in the document.
 */

const SEED = 0x7f40ef86;
/** Ids that exist nowhere (fixed, like everything else here, so every run sends the same requests). */
const UNKNOWN_ID = '0190f0e0-0000-7000-8000-00000000f022';
const OTHER_TENANT_ID = '0190f0e0-0000-7000-8000-00000000f023';
const RANDOM_CASES_PER_ROUTE = 12;
const SHARDS = 4;

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minimum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

interface Case {
  label: string;
  url: string;
  /** Raw request body (JSON text, or anything else); undefined sends none. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const nested = (depth: number): unknown => {
  let value: unknown = 'fundo';
  for (let level = 0; level < depth; level++) value = level % 2 ? { a: value } : [value];
  return value;
};

/** Values that are wrong for some field somewhere: put in place of each field in turn. */
const BAD_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['número', 123],
  ['negativo', -1],
  ['zero', 0],
  ['fração', 1.5],
  ['enorme', 1e308],
  ['menos enorme', -1e308],
  ['inteiro inseguro', 2 ** 53 + 1],
  ['booleano', true],
  ['texto vazio', ''],
  ['espaços', '   '],
  ['texto', 'texto qualquer'],
  ['texto enorme', 'x'.repeat(100_000)],
  ['NUL', 'a\u0000b'],
  ['surrogate alto sozinho', 'a\ud800'],
  ['surrogate baixo sozinho', '\udc00b'],
  ['controle', '\u0001\u001f\u007f'],
  ['emoji e RTL', '💪\u202eabc\u200b'],
  ['dígitos demais', '9'.repeat(400)],
  ['data impossível', '2024-02-30'],
  ['data do ano zero', '0000-01-01'],
  ['mês do ano zero', '0000-01'],
  ['instante do ano 9999', '9999-12-31T23:59:59.999Z'],
  ['uuid inexistente', UNKNOWN_ID],
  ['SQL', "'; drop table users; --"],
  ['lista', ['a', 1, null]],
  ['lista vazia', []],
  ['objeto', { a: 1 }],
  ['aninhado', nested(40)],
];

/** Raw bodies that are wrong for every route that reads one. */
const BAD_BODIES: ReadonlyArray<readonly [string, string | undefined, string?]> = [
  ['sem corpo', undefined],
  ['corpo vazio', ''],
  ['null', 'null'],
  ['lista', '[]'],
  ['texto', '"texto"'],
  ['número', '123'],
  ['booleano', 'true'],
  ['objeto vazio', '{}'],
  ['JSON quebrado', '{"a":'],
  ['NUL cru', '{"a":"\u0000"}'],
  ['surrogate escapado', '{"a":"\\ud800"}'],
  ['chave com NUL', '{"\\u0000":1}'],
  ['__proto__', '{"__proto__":{"admin":true}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
  ['aninhado 50', JSON.stringify(nested(50))],
  ['aninhado 100 mil', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['maior que o limite', JSON.stringify({ a: 'x'.repeat(1_100_000) })],
  ['text/plain', '{"a":1}', 'text/plain'],
  ['xml', '<a/>', 'application/xml'],
  ['form', 'a=1', 'application/x-www-form-urlencoded'],
];

/** Values for path parameters and query strings, already encoded for the URL. */
const BAD_URL_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['NUL', '%00'],
  ['surrogate em UTF-8', '%ED%A0%80'],
  ['codificação quebrada', '%E0%A4%A'],
  ['longo demais', 'a'.repeat(300)],
  ['texto', 'abc'],
  ['uuid inexistente', UNKNOWN_ID],
  ['travessia', '..%2F..%2Fetc%2Fpasswd'],
  ['acento', '%C3%A7%C3%A3o'],
  ['espaço', '%20'],
  ['vazio', ''],
];

/** Query strings also get months, days and instants of years no store agrees on (a month=0000-01 was a 500). */
const BAD_QUERY_VALUES: ReadonlyArray<readonly [string, string]> = [
  ...BAD_URL_VALUES,
  ['mês do ano zero', '0000-01'],
  ['data do ano zero', '0000-01-01'],
  ['mês do ano 9999', '9999-12'],
  ['instante do ano 9999', '9999-12-31T23%3A59%3A59.999Z'],
];

const BAD_HEADER_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['texto', 'abc'],
  ['negativo', '-1'],
  ['enorme', '9'.repeat(40)],
  ['expoente', '1e400'],
  ['longo', 'k'.repeat(5_000)],
  ['espaço e controle', ' a\tb '],
  ['latin1', 'ção'],
];

/** English words a message would have if it leaked from a library instead of the app's catalogue. */
const ENGLISH =
  /\b(the|is|not|must|invalid|error|expected|required|body|request|cannot|should|unexpected|unsupported|received|failed|undefined)\b/i;

function exampleOf(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          exampleOf(property, key),
        ]),
      );
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return UNKNOWN_ID;
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@exemplo.com.br';
      if (/data/i.test(name)) return '1990-05-17';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 6));
    default:
      return 'x';
  }
}

/** A random JSON value: odd strings (any UTF-16 code unit), extreme numbers, small structures. */
function randomValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 4 : 6));
  switch (pick) {
    case 0: {
      const length = Math.floor(random() * 40);
      return String.fromCharCode(
        ...Array.from({ length }, () =>
          random() < 0.3 ? Math.floor(random() * 0x80) : Math.floor(random() * 0x10000),
        ),
      );
    }
    case 1:
      return [0, -0, 1, -1, 1e308, -1e308, 2 ** 31, 2 ** 63, 0.1, Number.MAX_SAFE_INTEGER][
        Math.floor(random() * 10)
      ];
    case 2:
      return random() < 0.5;
    case 3:
      return null;
    case 4:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, index) => [
          `k${index}`,
          randomValue(random, depth + 1),
        ]),
      );
  }
}

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = (
        operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
      )?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body,
      });
    }
  }
  // Deletions last, so the ids the others use stay alive.
  return operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

function casesFor(
  operation: Operation,
  pathValues: Record<string, string>,
  random: () => number,
): Case[] {
  const pathParameters = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const urlWith = (overrides: Record<string, string> = {}, query = '') =>
    `${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      name in overrides ? overrides[name] : encodeURIComponent(pathValues[name] ?? 'x'),
    )}${query ? `?${query}` : ''}`;
  const url = urlWith();
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const cases: Case[] = [];

  if (takesBody) {
    for (const [label, body, contentType] of BAD_BODIES) {
      cases.push({ label: `corpo: ${label}`, url, body, contentType });
    }
    const baseline = exampleOf(operation.body) as Record<string, unknown> | undefined;
    if (baseline && typeof baseline === 'object') {
      cases.push({
        label: 'corpo: lista no lugar do objeto',
        url,
        body: JSON.stringify([baseline]),
      });
      cases.push({
        label: 'corpo: campo desconhecido',
        url,
        body: JSON.stringify({ ...baseline, tenantId: OTHER_TENANT_ID }),
      });
      const fields = (schema: Schema | undefined, prefix: string[]): string[][] =>
        Object.entries(schema?.properties ?? {}).flatMap(([key, property]) => [
          [...prefix, key],
          // One level into nested objects (onboarding's answers), for their first fields.
          ...(prefix.length === 0 ? fields(property, [key]).slice(0, 2) : []),
        ]);
      for (const field of fields(operation.body, [])) {
        for (const [label, value] of BAD_VALUES) {
          const body = structuredClone(baseline);
          let target = body as Record<string, unknown>;
          for (const key of field.slice(0, -1)) target = target[key] as Record<string, unknown>;
          target[field.at(-1) as string] = value;
          cases.push({ label: `${field.join('.')}: ${label}`, url, body: JSON.stringify(body) });
        }
      }
      for (let index = 0; index < RANDOM_CASES_PER_ROUTE; index++) {
        const body = structuredClone(baseline);
        const keys = Object.keys(body);
        for (const key of keys) if (random() < 0.5) body[key] = randomValue(random);
        if (random() < 0.2) body[`extra${index}`] = randomValue(random);
        cases.push({ label: `aleatório #${index}`, url, body: JSON.stringify(body) });
      }
    }
  }

  for (const name of pathParameters) {
    for (const [label, value] of BAD_URL_VALUES) {
      cases.push({
        label: `parâmetro ${name}: ${label}`,
        url: urlWith({ [name]: value }),
        body: takesBody ? '{}' : undefined,
      });
    }
  }

  const queryNames = [
    ...operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
    'desconhecido',
  ];
  for (const name of queryNames) {
    for (const [label, value] of BAD_QUERY_VALUES) {
      cases.push({ label: `query ${name}: ${label}`, url: urlWith({}, `${name}=${value}`) });
    }
    cases.push({ label: `query ${name}: repetido`, url: urlWith({}, `${name}=1&${name}=2`) });
    cases.push({ label: `query ${name}: colchetes`, url: urlWith({}, `${name}[a]=1`) });
  }

  for (const header of operation.parameters.filter((p) => p.in === 'header')) {
    for (const [label, value] of BAD_HEADER_VALUES) {
      cases.push({
        label: `cabeçalho ${header.name}: ${label}`,
        url,
        headers: { [header.name.toLowerCase()]: value },
        body: takesBody ? '{}' : undefined,
      });
    }
  }
  return cases;
}

/**
 * From now on every row inserted, updated or deleted in one of the app's tables leaves a line in
 * `fuzz_writes` naming its table (as Kysely's camelCase plugin reads it back: `events`,
 * `commandIdempotency`); a write rolled back leaves none.
 */
async function watchWrites(db: Db): Promise<void> {
  await sql`create table fuzz_writes (id bigserial primary key, table_name text not null)`.execute(
    db,
  );
  await sql`
    create function fuzz_written() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes (table_name) values (TG_ARGV[0]);
      return null;
    end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not like 'kysely_migration%' and table_name <> 'fuzz_writes'`.execute(db);
  const camelCase = (name: string) =>
    name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
  for (const { name } of rows)
    await sql`create trigger fuzz_written after insert or update or delete on ${sql.table(name)}
      for each row execute function fuzz_written(${sql.lit(camelCase(name))})`.execute(db);
}

/** This jest worker's database goes on to other suites as it was. */
async function unwatchWrites(db: Db): Promise<void> {
  await sql`drop function fuzz_written() cascade`.execute(db);
  await sql`drop table fuzz_writes`.execute(db);
}

describe('every route of the OpenAPI document, fuzzed', () => {
  let testApp: TestApp;
  let heartbeat: ReturnType<typeof beatAsTheWorker>;
  let db: Db;

  beforeAll(async () => {
    testApp = await startTestApp({
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '100000/60',
      RATE_LIMIT_LOGIN_PER_EMAIL: '100000/60',
      RATE_LIMIT_SIGNUP: '100000/60',
      RATE_LIMIT_RECOVER: '100000/60',
      RATE_LIMIT_RESET: '100000/60',
      // The per-address counters live in this jest worker's Redis prefix for a minute: a fuzz that
      // spends them leaves the next file of the worker answered 429 (the limits have their own test).
      RATE_LIMIT_PUBLIC_SLOTS: '100000/60',
      RATE_LIMIT_PUBLIC_BOOKINGS: '100000/60',
      LOG_LEVEL: 'silent',
    });
    // The worker's part runs here: its projections (below) and its heartbeat.
    heartbeat = beatAsTheWorker(testApp.app);
    db = testApp.app.get<Db>(DATABASE);
    await watchWrites(db);
  });
  afterAll(async () => {
    await heartbeat.stop();
    await unwatchWrites(db);
    await testApp.close();
  });

  let lastSeen = '0';

  /**
   * The rows written to each table since the last look (the event log included), as the triggers
   * of `watchWrites` logged them: one small read after each request, where counting every table
   * took three quarters of this suite's time.
   */
  async function writesSinceLastLook(): Promise<Record<string, number>> {
    const { rows } = await sql<{ tableName: string; n: number; last: string }>`
      select table_name, count(*)::int as n, max(id)::text as last from fuzz_writes
      where id > ${lastSeen}::bigint group by table_name`.execute(db);
    for (const row of rows) if (BigInt(row.last) > BigInt(lastSeen)) lastSeen = row.last;
    return Object.fromEntries(rows.map((row) => [row.tableName, row.n]));
  }

  /**
   * What a refused request wrote. A command sent with an Idempotency-Key remembers the domain
   * error it was refused with (a 404, a 409), so that a retry gets the same answer: that record is
   * the idempotency ledger doing its job, not a write of the refused command.
   */
  function refusedButWritten(writes: Record<string, number>, keyed: boolean): string[] {
    return Object.entries(writes).flatMap(([table, rows]) =>
      keyed && table === 'commandIdempotency' ? [] : [`${table}: ${rows} linha(s)`],
    );
  }

  /** What every shard needs: the worker's projections, a trainer's token, real ids, the routes. */
  let projections: ReturnType<typeof processManagersOf>;
  let token: string;
  let pathValues: Record<string, string>;
  let operations: Operation[];

  beforeAll(async () => {
    const app = testApp.app;
    // What the worker runs: every projection, and the process managers (their lag counts in
    // /api/health too).
    projections = [
      ...CONTEXTS.flatMap((context) => context.projections ?? []),
      ...processManagersOf(app),
    ];

    // A trainer signed in, with a student: the real ids the paths need.
    const email = `fuzz.${process.pid}.${Date.now()}@exemplo.com.br`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        nome: 'Fuzz Treinadora',
        cpf: '52998224725',
        dataNascimento: '1990-05-17',
        telefone: '11987654321',
        email,
        password: 'segredo123',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'segredo123' },
    });
    token = login.json().accessToken as string;
    const student = await app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { authorization: `Bearer ${token}` },
      payload: { nome: 'Aluna Fuzz' },
    });
    expect(student.statusCode).toBe(201);
    await projectToEndOfLog(app, projections);
    // The triggers see the writes: the sign-up and the student were counted.
    expect((await writesSinceLastLook()).events).toBeGreaterThan(0);
    pathValues = { id: student.json().id, provider: 'google' };

    const document = (await app.inject({ method: 'GET', url: '/api/docs-json' })).json();
    operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(20);
  });

  // The routes in shards, each with its own time limit: the document grows with every context.
  it.each(Array.from({ length: SHARDS }, (_, shard) => shard))(
    'shard %i of the routes: never 5xx, every 4xx in pt-BR in the app shape, nothing written that is refused',
    async (shard) => {
      const started = performance.now();
      const app = testApp.app;
      const mine = operations.filter((_, index) => index % SHARDS === shard);
      // Each shard its own sequence: the same requests whatever order the shards run in.
      const random = seededRandom(SEED + shard);
      const fuzzAddress = freshAddress();

      const failures: string[] = [];
      const casesPerRoute: Record<string, number> = {};
      await writesSinceLastLook();
      for (const operation of mine) {
        const route = `${operation.method} ${operation.path}`;
        const cases = casesFor(operation, pathValues, random);
        casesPerRoute[route] = cases.length;
        for (const fuzzCase of cases) {
          const response = await app.inject({
            // Its own client: thousands of requests from 127.0.0.1 would fill the per-address
            // counters that the files after this one on its worker meet.
            remoteAddress: fuzzAddress,
            method: operation.method as 'GET',
            url: fuzzCase.url,
            headers: {
              authorization: `Bearer ${token}`,
              ...(fuzzCase.body === undefined
                ? {}
                : { 'content-type': fuzzCase.contentType ?? 'application/json' }),
              ...fuzzCase.headers,
            },
            ...(fuzzCase.body === undefined ? {} : { payload: fuzzCase.body }),
          });
          const writes = await writesSinceLastLook();
          const where = `${route} [${fuzzCase.label}] -> ${response.statusCode}`;
          const status = response.statusCode;
          if (status >= 500) failures.push(`${where}: ${response.body.slice(0, 200)}`);
          if (status >= 400 && status < 500) {
            let body: Record<string, unknown> | undefined;
            try {
              body = response.json();
            } catch {
              failures.push(`${where}: não é JSON: ${response.body.slice(0, 120)}`);
            }
            if (body) {
              const keys = Object.keys(body).sort().join(',');
              const message = typeof body.message === 'string' ? body.message : '';
              if (keys !== 'code,message,statusCode') failures.push(`${where}: campos ${keys}`);
              if (body.statusCode !== status)
                failures.push(`${where}: statusCode ${String(body.statusCode)}`);
              if (typeof body.code !== 'string' || !/^[a-z_]+$/.test(body.code))
                failures.push(`${where}: code ${String(body.code)}`);
              if (
                !message ||
                ENGLISH.test(message) ||
                /FST_|Error:/.test(message) ||
                message.length > 300
              )
                failures.push(`${where}: mensagem ${message.slice(0, 120)}`);
            }
            const keyed = Object.keys(fuzzCase.headers ?? {}).includes('idempotency-key');
            const changes = refusedButWritten(writes, keyed);
            if (changes.length > 0) failures.push(`${where}: gravou ${changes.join(', ')}`);
          }
          if (status < 400 && writes.events) {
            // Something legitimately written (a valid body among the random ones): let the read
            // models catch up now, so later reads do not wait for them; what they write is theirs.
            await projectToEndOfLog(app, projections);
            await writesSinceLastLook();
          }
        }
      }

      const total = Object.values(casesPerRoute).reduce((sum, count) => sum + count, 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `fuzz ${shard}: ${mine.length} rotas, ${total} requisições em ${seconds} s\n`,
      );
      for (const [route, count] of Object.entries(casesPerRoute)) {
        expect({ route, enough: count >= 10 }).toEqual({ route, enough: true });
      }
      expect(failures).toEqual([]);
    },
    300_000,
  );
});

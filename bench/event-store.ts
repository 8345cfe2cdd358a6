/**
 * `npm run bench:event-store`: the event store's part of `npm run bench` on its own (throughput of
 * plain INSERTs, append, commands on new streams and on one hot stream; the students' projections
 * rebuilt from a 200,000-event log), so a change to the command path can be measured in a minute.
 * `npm run bench` runs the same functions. Own database vira_bench_es_<pid> and Redis prefix.
 */
import { randomUUID } from 'node:crypto';
// Every context's personal-data declarations, registered as the app registers them: without them a
// student's registration would append unsealed, cheaper than any the app makes.
import '../backend/src/contexts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { admin, migratedDatabase } from './support/built-app';
import { clearRedisPrefix } from '../infra/scripts/local-services';
import { parseConfig } from '../backend/src/config/config';
import { createDatabase, createPool } from '../backend/src/platform/database/database';
import type { Database } from '../backend/src/platform/database/database';
import { CommandRunner } from '../backend/src/platform/event-store/command-runner';
import { appendAlone, appendEvents } from '../backend/src/platform/event-store/event-store';
import { SecretBox } from '../backend/src/platform/personal-data/secret-box';
import { splitPlan } from '../backend/src/platform/personal-data/vault';
import { ProjectionCatalogue } from '../backend/src/platform/projections/projection-catalogue';
import { ProjectionsOnCommit } from '../backend/src/platform/projections/projections-on-commit';
import { ReadYourWrites } from '../backend/src/platform/projections/read-your-writes';
import { rebuildProjection } from '../backend/src/platform/projections/rebuild';
import { closeRedis, createRedis } from '../backend/src/platform/queue/redis';
import {
  studentDecider,
  type StudentCommand,
} from '../backend/src/students/domain/student.decider';
import { studentProjections } from '../backend/src/students/projections';
import { runAsScript } from './support/script';
import { percentile, round } from './support/stats';

/** Each throughput figure is the median of ROUNDS windows, the variants taking turns. */
const THROUGHPUT_SECONDS = 1;
const THROUGHPUT_ROUNDS = 5;
const REBUILD_EVENTS = 200_000;

export const tenantId = randomUUID();
export const actorId = randomUUID();
export const profile = {
  nome: 'Aluno Bench',
  telefone: null,
  whatsapp: null,
  email: null,
  planoId: null,
  observacoes: null,
};


/** `clients` loops, each running `work` back to back for `seconds`; answers operations per second. */
export async function closedLoop(
  clients: number,
  seconds: number,
  work: (client: number) => Promise<void>,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        await work(client);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export function command(runner: CommandRunner, streamId: string, cmd: StudentCommand) {
  return runner.run({
    streamId,
    decider: studentDecider,
    command: cmd,
    context: { tenantId, actorId, actorRole: 'personal', correlationId: randomUUID() },
  });
}

export interface ThroughputRow {
  clients: number;
  plainInsertPerSecond: number;
  /** The same two rows a new student's sealed append writes (its key, its event), as a bare statement. */
  plainSealedInsertPerSecond: number;
  /** appendEvents: through the process's group commit, as every append outside a transaction. */
  appendPerSecond: number;
  /** appendAlone: one statement and one commit per append, whatever else is waiting. */
  appendAlonePerSecond: number;
  commandDistinctPerSecond: number;
  commandHotStreamPerSecond: number;
  appendRatio: number;
  appendAloneRatio: number;
  commandRatio: number;
  /** command ÷ the bare statement writing what it writes (plainSealedInsertPerSecond). */
  commandSameRowsRatio: number;
}

export async function measureThroughput(
  db: Kysely<Database>,
  runner: CommandRunner,
): Promise<ThroughputRow[]> {
  await sql`create table plain_events (like events including all)`.execute(db);
  const metadata = JSON.stringify({
    actorId,
    actorRole: 'personal',
    correlationId: 'c',
    causationId: 'c',
    commandId: 'c',
  });
  const data = JSON.stringify({ ...profile });
  // What a new student's append writes, sealed once here: its data without the personal fields, and
  // the key and the fields sealed as the vault seals them (the sealing's CPU is the append's own).
  await sql`create table plain_keys (like data_subject_keys including all)`.execute(db);
  const split = splitPlan('StudentRegistered', profile, randomUUID());
  if (!split) throw new Error('StudentRegistered sem dados pessoais');
  const clearData = JSON.stringify(split.clear);
  const sealedKey = new SecretBox('bench-master').seal(randomUUID(), tenantId);
  const personalData = JSON.stringify({
    fields: Object.keys(split.personal),
    sealed: new SecretBox('bench-subject').seal(JSON.stringify(split.personal), tenantId),
  });
  const rows: ThroughputRow[] = [];
  // Open every connection the runs will use first: growing the pool is not what is measured.
  await Promise.all(Array.from({ length: 32 }, () => sql`select 1`.execute(db)));
  for (const clients of [1, 8, 32]) {
    const hot = randomUUID();
    await command(runner, hot, { type: 'RegisterStudent', profile });
    const variants = {
      plain: async () => {
        await sql`insert into plain_events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
                values (${tenantId}::uuid, 'student', ${randomUUID()}::uuid, 1, 'StudentRegistered', ${data}::jsonb, ${metadata}::jsonb)`.execute(
          db,
        );
      },
      plainSealed: async () => {
        const subject = randomUUID();
        await sql`with created_key as (
                  insert into plain_keys (subject_id, tenant_id, sealed_key)
                  values (${subject}::uuid, ${tenantId}::uuid, ${sealedKey})
                  on conflict (subject_id) do nothing returning subject_id)
                insert into plain_events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata, subject_id, personal_data)
                select ${tenantId}::uuid, 'student', ${subject}::uuid, 1, 'StudentRegistered', ${clearData}::jsonb, ${metadata}::jsonb,
                       subject_id, ${personalData}::jsonb
                from created_key`.execute(db);
      },
      append: async () => {
        await appendEvents(db, {
          tenantId,
          streamType: 'student',
          streamId: randomUUID(),
          expectedVersion: 0,
          events: [{ type: 'StudentRegistered', data: profile }],
          metadata: {
            actorId,
            actorRole: 'personal',
            correlationId: 'c',
            causationId: 'c',
            commandId: randomUUID(),
          },
        });
      },
      appendAlone: async () => {
        await appendAlone(db, {
          tenantId,
          streamType: 'student',
          streamId: randomUUID(),
          expectedVersion: 0,
          events: [{ type: 'StudentRegistered', data: profile }],
          metadata: {
            actorId,
            actorRole: 'personal',
            correlationId: 'c',
            causationId: 'c',
            commandId: randomUUID(),
          },
        });
      },
      commandDistinct: async () => {
        await command(runner, randomUUID(), { type: 'RegisterStudent', profile });
      },
      commandHot: async () => {
        await command(runner, hot, { type: 'GrantCredits', amount: 1, reason: 'bench' });
      },
    };
    // Taking turns spreads the machine's background load (it is shared) over all variants alike.
    const samples = {
      plain: [],
      plainSealed: [],
      append: [],
      appendAlone: [],
      commandDistinct: [],
      commandHot: [],
    } as Record<keyof typeof variants, number[]>;
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      for (const name of Object.keys(variants) as (keyof typeof variants)[])
        samples[name].push(await closedLoop(clients, THROUGHPUT_SECONDS, variants[name]));
    }
    const plainInsertPerSecond = percentile(samples.plain, 50);
    const plainSealedInsertPerSecond = percentile(samples.plainSealed, 50);
    const appendPerSecond = percentile(samples.append, 50);
    const appendAlonePerSecond = percentile(samples.appendAlone, 50);
    const commandDistinctPerSecond = percentile(samples.commandDistinct, 50);
    const commandHotStreamPerSecond = percentile(samples.commandHot, 50);
    rows.push({
      clients,
      plainInsertPerSecond: Math.round(plainInsertPerSecond),
      plainSealedInsertPerSecond: Math.round(plainSealedInsertPerSecond),
      appendPerSecond: Math.round(appendPerSecond),
      appendAlonePerSecond: Math.round(appendAlonePerSecond),
      commandDistinctPerSecond: Math.round(commandDistinctPerSecond),
      commandHotStreamPerSecond: Math.round(commandHotStreamPerSecond),
      appendRatio: round(appendPerSecond / plainInsertPerSecond, 2),
      appendAloneRatio: round(appendAlonePerSecond / plainInsertPerSecond, 2),
      commandRatio: round(commandDistinctPerSecond / plainInsertPerSecond, 2),
      commandSameRowsRatio: round(commandDistinctPerSecond / plainSealedInsertPerSecond, 2),
    });
    process.stdout.write(`  vazão com ${clients} cliente(s) medida\n`);
  }
  return rows;
}

export async function measureRebuild(db: Kysely<Database>): Promise<{
  events: number;
  results: Array<{ projection: string; events: number; ms: number; eventsPerSecond: number }>;
}> {
  // 2,000 students x 100 events (registration + grants), 20 transactions of 10,000 events.
  for (let chunk = 0; chunk < REBUILD_EVENTS / 10_000; chunk++) {
    await sql`
      with s as (select gen_random_uuid() as id from generate_series(1, 100))
      insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
      select ${tenantId}::uuid, 'student', s.id, v,
             case when v = 1 then 'StudentRegistered' else 'CreditsGranted' end,
             case when v = 1 then ${JSON.stringify(profile)}::jsonb
                  else jsonb_build_object('amount', 1, 'reason', 'bench', 'transactionId', null, 'balanceAfter', v - 1) end,
             jsonb_build_object('actorId', ${actorId}::text, 'actorRole', 'personal', 'correlationId', 'c', 'causationId', 'c', 'commandId', 'c')
      from s cross join generate_series(1, 100) v`.execute(db);
  }
  const events = Number(
    (await sql<{ n: string }>`select count(*) as n from events`.execute(db)).rows[0].n,
  );
  const results = [];
  for (const projection of studentProjections) {
    const report = await rebuildProjection(db, projection);
    results.push({
      projection: report.projection,
      events: report.events,
      ms: report.milliseconds,
      eventsPerSecond: Math.round(report.events / (report.milliseconds / 1000)),
    });
  }
  return { events, results };
}

export function printThroughput(throughput: ThroughputRow[]): void {
  process.stdout.write('\nVazão (comandos ou INSERTs por segundo)\n');
  console.table(
    throughput.map((row) => ({
      clientes: row.clients,
      'INSERT puro': row.plainInsertPerSecond,
      'append (1 evento)': row.appendPerSecond,
      'razão append': row.appendRatio,
      'append sozinho (1 por commit)': row.appendAlonePerSecond,
      'razão append sozinho': row.appendAloneRatio,
      'comando, streams distintos': row.commandDistinctPerSecond,
      'razão comando': row.commandRatio,
      'INSERT puro, chave + evento': row.plainSealedInsertPerSecond,
      'razão comando, mesmas linhas': row.commandSameRowsRatio,
      'comando, 1 stream quente': row.commandHotStreamPerSecond,
    })),
  );
}

export function printRebuild(rebuild: Awaited<ReturnType<typeof measureRebuild>>): void {
  process.stdout.write(`Reconstrução (log de ${rebuild.events} eventos)\n`);
  console.table(
    rebuild.results.map((row) => ({
      projeção: row.projection,
      eventos: row.events,
      ms: row.ms,
      'eventos/s': row.eventsPerSecond,
    })),
  );
}

async function main(): Promise<void> {
  const databaseName = `vira_bench_es_${process.pid}`;
  const redisPrefix = `vira-bench-es-${process.pid}`;
  const benchUrl = await migratedDatabase(databaseName);
  const config = parseConfig({
    ...process.env,
    DATABASE_URL: benchUrl,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'error',
  });
  await clearRedisPrefix(config.REDIS_URL, redisPrefix);
  const db = createDatabase(
    createPool({ connectionString: benchUrl, poolMax: 40, applicationName: 'vira-bench' }),
  );
  const redis = createRedis(config.REDIS_URL, 'vira-bench');
  const readYourWrites = new ReadYourWrites(config, db, redis);
  const runner = new CommandRunner(
    db,
    new ProjectionsOnCommit(new ProjectionCatalogue(studentProjections), readYourWrites),
  );
  try {
    const only = process.argv[2];
    if (only !== 'rebuild') printThroughput(await measureThroughput(db, runner));
    if (only !== 'throughput') printRebuild(await measureRebuild(db));
  } finally {
    await readYourWrites.recordsSent();
    await closeRedis(redis);
    await db.destroy();
    await clearRedisPrefix(config.REDIS_URL, redisPrefix);
    await admin(`drop database if exists ${databaseName} with (force)`);
  }
}

if (require.main === module) runAsScript(main);

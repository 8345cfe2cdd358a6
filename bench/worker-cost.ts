/**
 * `npm run bench:worker`: what the worker spends per event, projection by projection, on the
 * HTTP bench's command (a credit grant): CPU of the worker's own process and of its PostgreSQL
 * backend, in µs per event, for batches of 1 event (a quiet tenant: one wake-up per command) and of
 * 32 (a busy minute). On two cores this is what the API loses to the worker. Own database
 * vira_bench_wc_<pid>. `npm run bench` runs the same function.
 *
 * Each projection drains the same events alone on one connection, so its process's CPU
 * (process.cpuUsage) and its backend's (/proc/<pid>/schedstat, this machine's PostgreSQL) are its
 * own; the wake-up messages and the safety net's polls are not counted.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { admin, migratedDatabase, vacuumAsAutovacuumWould } from './support/built-app';
import { PROJECTIONS } from '../backend/src/contexts';
import { createDatabase, createPool } from '../backend/src/platform/database/database';
import { CommandRunner } from '../backend/src/platform/event-store/command-runner';
import type { Projection } from '../backend/src/platform/projections/projection';
import { runBatch } from '../backend/src/platform/projections/projection-runner';
import { actorId, profile, tenantId } from './event-store';
import { round } from './support/stats';
import { studentDecider } from '../backend/src/students/domain/student.decider';
import { backendCpuNanos } from './support/process-cpu';
import { runAsScript } from './support/script';

const STUDENTS = 150;
const WARM_UP_EVENTS = 200;
/** Events measured per batch size: enough CPU time for a steady figure, little enough to be quick. */
const EVENTS_BY_BATCH_SIZE = new Map([
  [1, 400],
  [32, 3_200],
]);

export interface WorkerCostRow {
  projection: string;
  batchSize: number;
  events: number;
  workerMicrosPerEvent: number;
  databaseMicrosPerEvent: number | null;
}

export async function measureWorkerCost(): Promise<WorkerCostRow[]> {
  const databaseName = `vira_bench_wc_${process.pid}`;
  const url = await migratedDatabase(databaseName);
  const commandsDb = createDatabase(
    createPool({ connectionString: url, poolMax: 8, applicationName: 'vira-bench' }),
  );
  // One connection: its backend is the one whose CPU is the projection's.
  const workerDb = createDatabase(
    createPool({ connectionString: url, poolMax: 1, applicationName: 'vira-bench-wc' }),
  );
  try {
    const runner = new CommandRunner(commandsDb);
    const context = () => ({
      tenantId,
      actorId,
      actorRole: 'personal' as const,
      correlationId: randomUUID(),
    });
    const students = Array.from({ length: STUDENTS }, () => randomUUID());
    for (const id of students)
      await runner.run({
        streamId: id,
        decider: studentDecider,
        command: { type: 'RegisterStudent', profile },
        context: context(),
      });
    const drain = async (projection: Projection, batchSize: number) => {
      let events = 0;
      for (;;) {
        const batch = await runBatch(workerDb, projection, { batchSize });
        if (batch.status === 'busy') throw new Error(`${projection.name} ocupada`);
        events += batch.processed;
        if (batch.processed < batchSize) return events;
      }
    };
    const grant = async (events: number) => {
      for (let index = 0; index < events; index++)
        await runner.run({
          streamId: students[index % STUDENTS],
          decider: studentDecider,
          command: { type: 'GrantCredits', amount: 1, reason: 'bench' },
          context: context(),
        });
    };
    for (const projection of PROJECTIONS) await drain(projection, 500);
    // Unmeasured: the first batches of each projection also pay for compiling its code paths.
    await grant(WARM_UP_EVENTS);
    for (const projection of PROJECTIONS) await drain(projection, 1);
    await vacuumAsAutovacuumWould(url);

    const backendPid = (
      await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(workerDb)
    ).rows[0].pid;
    const rows: WorkerCostRow[] = [];
    for (const [batchSize, events] of EVENTS_BY_BATCH_SIZE) {
      await grant(events);
      for (const projection of PROJECTIONS) {
        const databaseBefore = backendCpuNanos(backendPid);
        const workerBefore = process.cpuUsage();
        await drain(projection, batchSize);
        const worker = process.cpuUsage(workerBefore);
        const databaseAfter = backendCpuNanos(backendPid);
        rows.push({
          projection: projection.name,
          batchSize,
          events,
          workerMicrosPerEvent: round((worker.user + worker.system) / events),
          databaseMicrosPerEvent:
            databaseBefore === null || databaseAfter === null
              ? null
              : round((databaseAfter - databaseBefore) / 1000 / events),
        });
      }
    }
    return rows;
  } finally {
    await workerDb.destroy();
    await commandsDb.destroy();
    await admin(`drop database if exists ${databaseName} with (force)`);
  }
}

export function printWorkerCost(rows: readonly WorkerCostRow[]): void {
  process.stdout.write('\nCusto do worker por evento (concessão de créditos), µs de CPU\n');
  const bySize = [...new Set(rows.map((row) => row.batchSize))];
  const names = [...new Set(rows.map((row) => row.projection))];
  const table = names.map((name) => {
    const line: Record<string, string | number> = { projeção: name };
    for (const size of bySize) {
      const row = rows.find((each) => each.projection === name && each.batchSize === size);
      line[`worker, lote ${size}`] = row?.workerMicrosPerEvent ?? '-';
      line[`PostgreSQL, lote ${size}`] = row?.databaseMicrosPerEvent ?? '-';
    }
    return line;
  });
  const total: Record<string, string | number> = { projeção: 'todas' };
  for (const size of bySize) {
    const of = rows.filter((row) => row.batchSize === size);
    total[`worker, lote ${size}`] = round(
      of.reduce((sum, row) => sum + row.workerMicrosPerEvent, 0),
    );
    total[`PostgreSQL, lote ${size}`] = of.every((row) => row.databaseMicrosPerEvent !== null)
      ? round(of.reduce((sum, row) => sum + (row.databaseMicrosPerEvent ?? 0), 0))
      : '-';
  }
  console.table([...table, total]);
}

if (require.main === module) runAsScript(() => measureWorkerCost().then(printWorkerCost));

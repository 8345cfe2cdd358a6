import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../backend/src/platform/database/database';

/**
 * CPU time a process has used so far, all its threads (Node's GC and libuv's included), in µs:
 * /proc/<pid>/stat's utime + stime. Null where /proc does not tell (not Linux, process gone).
 */
export function processCpuMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ, what /proc/<pid>/stat counts in: 100 on x86 and ARM. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Nanoseconds a PostgreSQL backend (one thread) has run so far, from /proc/<pid>/schedstat: finer
 * than processCpuMicros's 10 ms ticks, which a backend's few ms per figure need. Null where /proc
 * does not tell.
 */
export function backendCpuNanos(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/** The PostgreSQL backends of this machine's server that `applicationName` holds on `db`'s database. */
async function backendsOf(db: Kysely<Database>, applicationName: string): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and application_name = ${applicationName}`.execute(db);
  return rows.map((row) => row.pid);
}

/** CPU used by a process and by its PostgreSQL backends, µs, as two readings apart. */
export interface ProcessCpu {
  node: number;
  database: number;
}

/**
 * Starts counting the CPU of process `pid` and of the backends named `applicationName` (the ones
 * it opens meanwhile counted whole); `stop` answers what they used since. Null where /proc does
 * not tell.
 */
export async function countCpu(
  db: Kysely<Database>,
  pid: number,
  applicationName: string,
): Promise<{ stop: () => Promise<ProcessCpu | null> }> {
  const nodeBefore = processCpuMicros(pid);
  const backendsBefore = new Map(
    (await backendsOf(db, applicationName)).map((backend) => [backend, backendCpuNanos(backend)]),
  );
  return {
    async stop() {
      const nodeAfter = processCpuMicros(pid);
      if (nodeBefore === null || nodeAfter === null) return null;
      let database = 0;
      for (const backend of await backendsOf(db, applicationName)) {
        const after = backendCpuNanos(backend);
        if (after === null) continue;
        database += after - (backendsBefore.get(backend) ?? 0);
      }
      return { node: nodeAfter - nodeBefore, database: database / 1000 };
    },
  };
}

import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../database/database';
import { isAway, whenConnected } from '../queue/redis';
import { forgetRoomChanges, noteRoomChanges } from '../realtime/room-changes';
import { studentRoom, studentsRoom, tenantRoom } from '../realtime/rooms';
import type { Projection } from './projection';
import {
  type AppliedBatch,
  type BatchOptions,
  drainProjection,
  readersBehind,
} from './projection-runner';
import { projectionKeys } from './redis-keys';

export interface ProjectionWorkerOptions {
  db: Kysely<Database>;
  redis: Redis;
  prefix: string;
  projections: readonly Projection[];
  /**
   * Process managers as the runner runs them (processManagerRunner). Nobody watches them on a
   * screen (the API settles what its answer needs itself), so their wake-ups wait longer for
   * others: bigger batches, far fewer passes beside the projections the screens wait for.
   */
  processManagers?: readonly Projection[];
  batchSize?: number;
  /** How long one job may keep a projection before handing the rest to a fresh job. */
  budgetMs?: number;
  /** Where a failed safety-net run is reported. */
  onError?: (projection: string, error: unknown) => void;
  /**
   * Test hook, never set in production: runs inside every batch's transaction just before its
   * commit (see BatchOptions.beforeCommit).
   */
  beforeCommit?: (projection: string, batch: AppliedBatch) => Promise<void>;
}

/** Socket payload of the `changes` event, see API.md "Realtime". */
export interface ChangesMessage {
  projection: string;
  position: number;
  changes: { type: string; id: string }[];
}

const BUSY_RETRY_DELAY_MS = 50;
/** How long a wake-up waits for others to join it: a few ms of lag for far fewer transactions. */
const WAKE_COALESCE_MS = 5;
/** The same for a process manager (see ProjectionWorkerOptions.processManagers). */
const PROCESS_MANAGER_COALESCE_MS = 50;
/**
 * How long apart two passes start under a heavy stream: when the projection's events arrived at
 * HEAVY_EVENTS_PER_MS or more since the pass before. A pass costs about the same whatever it
 * carries (one transaction of several statements), so at 2,000 commands a second passes 5 ms
 * apart spent more of the worker's and PostgreSQL's CPU on themselves than on the events, CPU the
 * API answers with on two cores. 20 ms apart (counted from the end of a pass) the read model
 * lagged 36 ms at p99 at 1,000 commands a second; 10 ms apart from start to start, 18 to 33 ms,
 * with the API's credit grants beside the worker within the same noise (0.34 to 0.43 of a bare
 * server either way). A lighter stream keeps its coalescing wait, even after a pass that came
 * late (a busy machine) and so carried more than usual.
 */
const HEAVY_PERIOD_MS = 10;
const HEAVY_EVENTS_PER_MS = 1;

/**
 * How long a run waits before its next pass: what its last pass carried, over how long it
 * gathered, sets the time between the starts of two passes; the last pass's own time counts
 * towards it. Counted from the end of a pass, an event that arrived as one began
 * waited the pass, the whole wait and the next pass. After `heldPasses` passes in a row that found
 * events of theirs held back behind a running transaction (DrainOutcome 'held'), it waits the
 * coalescing time doubled each time, up to the safety net's period: such a transaction is
 * usually another reader's batch, over in milliseconds, but one left open must not keep the run
 * spinning.
 */
export function waitBeforeNextPass(
  last: { carried: number; gatheredMs: number; lastPassAt: number },
  coalesceMs: number,
  now = Date.now(),
  heldPasses = 0,
): number {
  const heavy = last.carried / Math.max(1, last.gatheredMs) >= HEAVY_EVENTS_PER_MS;
  const period = heavy ? Math.max(HEAVY_PERIOD_MS, coalesceMs) : coalesceMs;
  const held =
    heldPasses > 0
      ? Math.min(SAFETY_NET_EVERY_MS, Math.max(1, coalesceMs) * 2 ** (heldPasses - 1))
      : 0;
  return Math.max(held - (now - last.lastPassAt), period - (now - last.lastPassAt), 0);
}

/** The first wait before a failed projection is woken again (then doubled each failure). */
export const FAILED_RETRY_MS = 100;

/** A projection's failures in a row, and when the last one ended. */
export interface Failures {
  count: number;
  at: number;
}

/**
 * How long a wake-up of a projection that failed waits before its next run: FAILED_RETRY_MS
 * after its last failure, doubled with each failure in a row, up to the safety net's period. A
 * batch that cannot be applied (an event the code cannot take, a key it cannot open) fails the
 * same way every time; woken by every command, it was read and rolled back hundreds of times a
 * second, and the projections that could run waited behind it for the worker and PostgreSQL.
 */
export function waitAfterFailures(failures: Failures | undefined, now = Date.now()): number {
  if (!failures) return 0;
  const wait = Math.min(SAFETY_NET_EVERY_MS, FAILED_RETRY_MS * 2 ** (failures.count - 1));
  return Math.max(0, failures.at + wait - now);
}

/** The worker's own Redis calls (announcements) never hold a projection longer. */
const REDIS_BUDGET_MS = 1_000;
/** Every projection runs at least this often, whatever Redis does. */
export const SAFETY_NET_EVERY_MS = 1_000;

/** Which projections had events left to read (unknown when the lookup failed), and when. */
export interface LogLook {
  at: number;
  behind?: ReadonlySet<string>;
}

/**
 * How many passes the safety net keeps going at once. Under a steady stream of one kind of event
 * every reader of other kinds falls PASS_OVER_AT_MOST positions behind at about the same moment
 * (5 s at 1,000 commands a second) and is run to move its checkpoint: forty of them started in the
 * same tick held forty transactions open for 100 to 300 ms each, on the worker's pool and on two
 * cores, and the read models being woken by commands stalled with them (the lag's p99 at 1,000
 * commands a second was that stall). None of these passes is urgent: wake-ups carry what is.
 */
export const SAFETY_NET_PASSES_AT_ONCE = 2;

/** What the safety net does on one tick: the passes it starts, and those it finds nothing for. */
export interface SafetyNetTick {
  run: string[];
  /** Nothing of their types after their checkpoint: counted as checked now, not run. */
  checked: string[];
}

/**
 * The safety net's choice on one tick, given when each reader last started, which are running,
 * how many of its own passes are still going and the last look at the log (`pending` while it
 * runs: a pass waits for it rather than running blind). A reader is due once `everyMs` passed
 * since it last started; due ones beyond SAFETY_NET_PASSES_AT_ONCE wait for a later tick.
 */
export function safetyNetTick(state: {
  names: readonly string[];
  now: number;
  everyMs: number;
  lastStarted: ReadonlyMap<string, number>;
  running: { has(name: string): boolean };
  ownPassesRunning: number;
  look: LogLook | 'pending';
}): SafetyNetTick {
  const tick: SafetyNetTick = { run: [], checked: [] };
  const { look } = state;
  if (look === 'pending') return tick;
  let free = SAFETY_NET_PASSES_AT_ONCE - state.ownPassesRunning;
  for (const name of state.names) {
    if (state.running.has(name) || state.now - (state.lastStarted.get(name) ?? 0) < state.everyMs)
      continue;
    if (look.behind && !look.behind.has(name)) tick.checked.push(name);
    else if (free > 0) {
      tick.run.push(name);
      free--;
    }
  }
  return tick;
}

/** A run in progress in this process; `again` asks it for one more pass before it ends. */
interface ActiveRun {
  again: boolean;
  done: Promise<void>;
  /** Events the last pass applied, and the time since the pass before it started (ms). */
  carried: number;
  gatheredMs: number;
  lastPassAt: number;
}

/**
 * The worker side of projections: a wake-up (a message on the wake channel, see wakeProjections)
 * drains the projection, then tells the API and the browsers; a local timer (the safety net) runs
 * every projection at least every SAFETY_NET_EVERY_MS.
 *
 * Why pub/sub and a local timer rather than BullMQ jobs and job schedulers: a wake-up is only a
 * hint that there is something to read, and the runs are already serialized per process (`again`)
 * and across processes (the projection's advisory lock). A job per wake-up cost several Redis
 * round trips and Lua scripts on the API and the worker for nothing a PUBLISH does not do, and
 * schedulers in Redis vanished with a Redis that restarted empty (it keeps nothing on disk here).
 * Projections only need PostgreSQL: the timer keeps them current through a Redis outage, Redis only
 * makes them faster. With several worker replicas each hears every wake-up and runs its own timer;
 * the advisory lock makes the extra runs a cheap "busy", retried shortly.
 */
export class ProjectionWorker {
  private readonly keys: ReturnType<typeof projectionKeys>;
  private readonly emitter: Emitter;
  private readonly byName: Map<string, Projection>;
  private readonly coalesceMs = new Map<string, number>();
  private readonly active = new Map<string, ActiveRun>();
  private readonly lastStarted = new Map<string, number>();
  private safetyNet: NodeJS.Timeout | undefined;
  private closing = false;
  private readonly pendingWakes = new Set<string>();
  private readonly failures = new Map<string, Failures>();
  private look: LogLook | 'pending' | undefined;
  /** Passes the safety net started that are still going (see SAFETY_NET_PASSES_AT_ONCE). */
  private safetyNetPasses = 0;

  constructor(private readonly options: ProjectionWorkerOptions) {
    this.keys = projectionKeys(options.prefix);
    this.emitter = new Emitter(options.redis, { key: this.keys.socketIoKey });
    const managers = options.processManagers ?? [];
    this.byName = new Map(
      [...options.projections, ...managers].map((projection) => [projection.name, projection]),
    );
    for (const projection of options.projections)
      this.coalesceMs.set(projection.name, WAKE_COALESCE_MS);
    for (const manager of managers) this.coalesceMs.set(manager.name, PROCESS_MANAGER_COALESCE_MS);
    // Connected, or back after an outage: the batches committed meanwhile (or by a worker that died
    // between a commit and its note) were neither told nor noted.
    options.redis.on('ready', () => this.forgetRoomChanges());
  }

  /** Best effort: when this fails too, Redis is away, and its return forgets them (the constructor). */
  private forgetRoomChanges(): void {
    forgetRoomChanges(this.options.redis, this.options.prefix).catch(() => undefined);
  }

  /**
   * Drains `name`. A run already in progress in this process is asked for one more pass instead,
   * and this call settles at once: two runs here would only find each other busy.
   */
  run(name: string): Promise<void> {
    const projection = this.byName.get(name);
    if (!projection) return Promise.reject(new Error(`projeção desconhecida: ${name}`));
    const active = this.active.get(name);
    if (active) {
      active.again = true;
      return Promise.resolve();
    }
    const run: ActiveRun = {
      again: false,
      done: Promise.resolve(),
      carried: 0,
      gatheredMs: 1,
      // A first pass carries what arrived since its wake-up, a coalescing wait ago.
      lastPassAt: Date.now() - (this.coalesceMs.get(name) ?? 0),
    };
    this.active.set(name, run);
    run.done = this.drainUntilQuiet(projection, run);
    return run.done;
  }

  knows(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * A wake-up heard: runs `name` after WAKE_COALESCE_MS (a process manager later), so the
   * wake-ups of commands that commit together make one batch instead of one transaction each; a
   * run in progress is asked for one more pass instead. After a failed run, not before its wait
   * (waitAfterFailures).
   */
  wake(name: string): void {
    const active = this.active.get(name);
    if (active) {
      active.again = true;
      return;
    }
    if (this.pendingWakes.has(name)) return;
    this.pendingWakes.add(name);
    setTimeout(
      () => {
        this.pendingWakes.delete(name);
        this.run(name).catch((error: unknown) => this.options.onError?.(name, error));
      },
      Math.max(this.coalesceMs.get(name) ?? 0, waitAfterFailures(this.failures.get(name))),
    ).unref();
  }

  /**
   * Starts the safety net: each projection not run in the last `everyMs` runs now, unless the last
   * look at the log (one query a period for all of them) found nothing of its types after its
   * checkpoint. Their passes are spread over the period (the first ones staggered, the timer fine
   * enough to keep them apart): dozens of projections checking in the same instant made a burst of
   * transactions every second that delayed the projections being woken by commands.
   */
  startSafetyNet(everyMs = SAFETY_NET_EVERY_MS): void {
    this.stopSafetyNet();
    const names = [...this.byName.keys()];
    const started = Date.now();
    names.forEach((name, index) => {
      if (!this.lastStarted.has(name))
        this.lastStarted.set(
          name,
          started - everyMs + Math.floor((index * everyMs) / names.length),
        );
    });
    this.safetyNet = setInterval(
      () => {
        const now = Date.now();
        const tick = safetyNetTick({
          names,
          now,
          everyMs,
          lastStarted: this.lastStarted,
          running: this.active,
          ownPassesRunning: this.safetyNetPasses,
          look: this.lookAtLog(everyMs, now),
        });
        for (const name of tick.checked) this.lastStarted.set(name, now);
        for (const name of tick.run) {
          this.safetyNetPasses++;
          this.run(name)
            .catch((error: unknown) => this.options.onError?.(name, error))
            .finally(() => this.safetyNetPasses--);
        }
      },
      Math.max(10, Math.floor(everyMs / (2 * Math.max(1, names.length)))),
    );
  }

  /**
   * The projections with events of theirs left to read (see readersBehind), looked up at most once
   * per period; `pending` while the lookup runs. When it fails, `behind` is unknown and every pass
   * of that period runs (and reports its own failure). An event committed after the look is found
   * by the next one, or sooner by its wake-up.
   */
  private lookAtLog(everyMs: number, now: number): LogLook | 'pending' {
    if (this.look === 'pending') return 'pending';
    if (this.look && now - this.look.at < everyMs) return this.look;
    this.look = 'pending';
    readersBehind(this.options.db, [...this.byName.values()])
      .then((behind) => (this.look = { at: Date.now(), behind }))
      .catch(() => (this.look = { at: Date.now() }));
    return 'pending';
  }

  stopSafetyNet(): void {
    if (this.safetyNet) clearInterval(this.safetyNet);
    this.safetyNet = undefined;
  }

  /** Stops the safety net and waits for the runs in progress. */
  async close(): Promise<void> {
    this.closing = true;
    this.stopSafetyNet();
    await Promise.allSettled([...this.active.values()].map((run) => run.done));
  }

  private async drainUntilQuiet(projection: Projection, run: ActiveRun): Promise<void> {
    const name = projection.name;
    try {
      this.lastStarted.set(name, Date.now());
      const deadline = Date.now() + (this.options.budgetMs ?? 2_000);
      let outcome = await this.drain(projection, run);
      let heldPasses = 0;
      // Wake-ups that arrived during this run are caught up now, within this run's time budget,
      // after the same short wait as a first wake-up: under a steady stream of commands a pass
      // right after the last one would find one or two events, and each pass is a transaction.
      // Events held back behind a running transaction are read once it has ended: the last
      // command of a burst would otherwise wait for the safety net (up to a second).
      while (outcome === 'held' || (outcome === 'caught-up' && run.again)) {
        // A wake-up heard meanwhile is news of its own: the usual wait, not a longer one.
        heldPasses = outcome === 'held' && !run.again ? heldPasses + 1 : 0;
        run.again = false;
        const wait = waitBeforeNextPass(
          run,
          this.coalesceMs.get(name) ?? 0,
          Date.now(),
          heldPasses,
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (Date.now() >= deadline) {
          // Still held after the whole budget: a transaction left open; the safety net goes on.
          outcome = outcome === 'held' && !run.again ? 'caught-up' : 'out-of-time';
          break;
        }
        outcome = await this.drain(projection, run);
      }
      this.failures.delete(name);
      // Ends in the same tick as the last check of `again`: a later run() starts a new run.
      this.active.delete(name);
      // Another replica holds the projection: try again shortly, it may stop before our events.
      if (outcome === 'busy') this.runLater(name, BUSY_RETRY_DELAY_MS);
      if (outcome === 'out-of-time') this.runLater(name, 0);
    } catch (error) {
      this.failures.set(name, { count: (this.failures.get(name)?.count ?? 0) + 1, at: Date.now() });
      throw error;
    } finally {
      if (this.active.get(name) === run) this.active.delete(name);
    }
  }

  private runLater(name: string, delayMs: number): void {
    if (this.closing) return;
    setTimeout(() => {
      this.run(name).catch((error: unknown) => this.options.onError?.(name, error));
    }, delayMs).unref();
  }

  private drain(projection: Projection, run: ActiveRun) {
    const beforeCommit = this.options.beforeCommit;
    const now = Date.now();
    run.carried = 0;
    run.gatheredMs = now - run.lastPassAt;
    run.lastPassAt = now;
    return drainProjection(this.options.db, projection, {
      batchSize: this.options.batchSize ?? 1_000,
      budgetMs: this.options.budgetMs ?? 2_000,
      afterCommit: (batch) => {
        run.carried += batch.processed;
        return this.announce(projection.name, batch);
      },
      beforeCommit: beforeCommit
        ? (((batch) => beforeCommit(projection.name, batch)) satisfies BatchOptions['beforeCommit'])
        : undefined,
    });
  }

  /**
   * Tells the API (read-your-writes) and the browsers (socket.io) what this batch committed. Best
   * effort: without Redis the API polls the checkpoint table, and browsers refetch on reconnect.
   */
  private async announce(projection: string, batch: AppliedBatch): Promise<void> {
    const redis = this.options.redis;
    if (isAway(redis)) return;
    const told = whenConnected(
      redis,
      () =>
        redis.publish(
          this.keys.checkpointChannel,
          JSON.stringify({ projection, ...batch.checkpoint }),
        ),
      REDIS_BUDGET_MS,
    ).catch(() => undefined);
    // Each room hears only of its own changes, once each.
    const byRoom = new Map<string, Map<string, { type: string; id: string }>>();
    const tell = (room: string, change: { type: string; id: string }) => {
      let changes = byRoom.get(room);
      if (!changes) byRoom.set(room, (changes = new Map()));
      changes.set(`${change.type}:${change.id}`, change);
    };
    for (const { tenantId, type, id, studentId, allStudents } of batch.changes) {
      tell(tenantRoom(tenantId), { type, id });
      if (studentId) tell(studentRoom(tenantId, studentId), { type, id });
      if (allStudents) tell(studentsRoom(tenantId), { type, id });
    }
    // Noted before the messages go out: a socket that joins after a message went is sure to
    // learn that its rooms changed (realtime/room-changes.ts).
    if (byRoom.size > 0)
      await whenConnected(
        redis,
        () => noteRoomChanges(redis, this.options.prefix, [...byRoom.keys()]),
        REDIS_BUDGET_MS,
      ).catch(() => this.forgetRoomChanges());
    for (const [room, changes] of byRoom) {
      const message: ChangesMessage = {
        projection,
        position: batch.checkpoint.position,
        changes: [...changes.values()],
      };
      this.emitter.to(room).emit('changes', message);
    }
    await told;
  }
}

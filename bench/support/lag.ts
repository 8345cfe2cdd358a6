import { type Kysely, sql } from 'kysely';
import type { Database } from '../../backend/src/platform/database/database';
import { type Checkpoint, hasReached } from '../../backend/src/platform/projections/checkpoint';

/** A command the bench sent: when the API acknowledged it and the position of its event. */
export interface SentCommand {
  ackAt: number;
  position: number;
}

/**
 * Each sent command with the checkpoint target its event makes (its position and transaction
 * id), read from the event log: a projection has applied the command once it has reached it.
 */
export async function withTargets(db: Kysely<Database>, sent: readonly SentCommand[]) {
  const transactions = await sql<{ globalPosition: number; transactionId: string }>`
    select global_position, transaction_id::text from events where global_position = any(${sent.map((s) => s.position)}::bigint[])`.execute(
    db,
  );
  const txOf = new Map(transactions.rows.map((row) => [row.globalPosition, row.transactionId]));
  return sent.map((command) => ({
    command,
    target: { transactionId: txOf.get(command.position) as string, position: command.position },
  }));
}

export interface OpenLoop {
  /** Commands per second asked for. */
  rate: number;
  /** How many commands in all. */
  count: number;
  /** The first `warmUp` commands are sent at the same rate but not kept. */
  warmUp?: number;
  /**
   * At most this many commands waiting for their answer: one due while that many are out waits
   * for one of them (and the rate obtained says so). Keep it under the pool's size: a command
   * that waits longer than the pool's connection timeout for a connection fails, and the machine
   * being slow is what the figures should show, not a failure.
   */
  maxInFlight: number;
}

export interface OpenLoopResult {
  /** The answered commands after the warm-up, in the order they were answered. */
  sent: SentCommand[];
  /** Commands per second answered after the warm-up. */
  achievedPerSecond: number;
}

/**
 * Sends `count` commands at `rate` per second (open loop, bounded by `maxInFlight`), each answer
 * recorded when it arrives. Every command is awaited (none is left running after it returns); if
 * any failed, it throws once all have settled, saying how many and the first reason, so the bench
 * part reports a failure instead of the process dying of an unhandled rejection.
 */
export async function openLoop(
  { rate, count, warmUp = 0, maxInFlight }: OpenLoop,
  send: (index: number) => Promise<{ position: number }>,
): Promise<OpenLoopResult> {
  const sent: SentCommand[] = [];
  const failures: unknown[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const measuredFrom = started + (warmUp * 1000) / rate;
  for (let index = 0; index < count; index++) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    // Its handlers are attached at once: a failure is counted, never an unhandled rejection.
    const command: Promise<void> = send(index).then(
      (result) => {
        if (index >= warmUp) sent.push({ ackAt: performance.now(), position: result.position });
      },
      (error: unknown) => {
        failures.push(error);
      },
    );
    inFlight.add(command);
    void command.finally(() => inFlight.delete(command));
  }
  await Promise.all(inFlight);
  if (failures.length > 0) {
    const first = failures[0];
    throw new Error(
      `${failures.length} de ${count} comandos falharam; o primeiro: ${first instanceof Error ? first.message : String(first)}`,
      { cause: first },
    );
  }
  return {
    sent,
    achievedPerSecond: Math.round(sent.length / ((performance.now() - measuredFrom) / 1000)),
  };
}

/** A checkpoint announcement as the bench heard it, stamped when its message was handled. */
export interface HeardCheckpoint extends Checkpoint {
  projection: string;
  at: number;
}

/**
 * Every checkpoint announced on `subscriber`'s channel from now on, each stamped as its message is
 * handled (subscribe it to the checkpoint channel after this).
 */
export function hearCheckpoints(subscriber: {
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
}): HeardCheckpoint[] {
  const heard: HeardCheckpoint[] = [];
  subscriber.on('message', (_channel, message) => {
    heard.push({
      ...(JSON.parse(message) as Checkpoint & { projection: string }),
      at: performance.now(),
    });
  });
  return heard;
}

/**
 * The first checkpoint of `projection` heard covering `target`. Ask it once `untilCovered` has
 * settled: every target is covered by then.
 */
export function firstCovering(
  heard: readonly HeardCheckpoint[],
  projection: string,
  target: Checkpoint,
): HeardCheckpoint {
  const covering = heard.find(
    (checkpoint) => checkpoint.projection === projection && hasReached(checkpoint, target),
  );
  if (!covering) throw new Error(`${projection} não alcançou a posição ${target.position}`);
  return covering;
}

/**
 * Waits until each of `projections` has been heard announcing a checkpoint that covers every
 * target, polling without holding the event loop. Call it before matching the targets: the
 * matching is one synchronous loop over thousands of them, and an announcement that arrived
 * meanwhile sat in the socket until it ended, stamped a second late (the last commands of a run
 * showed a lag of 1.0-1.3 s that the worker never had).
 */
export async function untilCovered(
  heard: readonly HeardCheckpoint[],
  projections: readonly string[],
  targets: readonly Checkpoint[],
  timeoutMs: number,
): Promise<void> {
  const last = targets.reduce<Checkpoint | undefined>(
    (latest, target) => (latest && hasReached(latest, target) ? latest : target),
    undefined,
  );
  if (!last) return;
  const deadline = performance.now() + timeoutMs;
  const covered = () =>
    projections.every((projection) =>
      heard.some(
        (checkpoint) => checkpoint.projection === projection && hasReached(checkpoint, last),
      ),
    );
  while (!covered()) {
    if (performance.now() > deadline)
      throw new Error(`${projections.join(', ')} não alcançou a posição ${last.position}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../auth/auth-user';
import { DATABASE, type Db } from '../database/database.module';
import type { Database } from '../database/database';
import { ConflictError, DomainError } from '../errors/domain-error';
import type { Decider } from './decider';
import type { DomainEvent } from './event';
import {
  type AppendRequest,
  type AppendResult,
  appendEvents,
  ConcurrencyError,
} from './event-store';
import { type GroupCommit, groupCommitOf } from './group-commit';
import {
  answerToRemember,
  type IdempotencyKey,
  rememberAnswer,
  rememberedAnswer,
  replayAnswer,
} from './idempotency';
import type { EventMetadata } from './event';
import { loadState } from './load-state';
import { type StreamSnapshot, StreamStateCache } from './stream-state-cache';

/** Who sends a command and on whose behalf; built from the access token and the request. */
export interface CommandContext {
  tenantId: string;
  actorId: string;
  actorRole: Role | 'system';
  correlationId: string;
  /** The message that caused this command (an event for a process manager); the command itself otherwise. */
  causationId?: string;
  /** An `Idempotency-Key` and the fingerprint of the request that carried it. */
  idempotency?: IdempotencyKey;
}

/** What every command answers: the stream's id and the global position of its last event. */
export interface CommandResult {
  id: string;
  position: number;
}

export interface CommandOptions {
  /** The clock the decision is made with, when the caller must know it (default: now). */
  now?: Date;
  /**
   * Writes to ordinary tables that must commit with the events (accounts, credentials). They run
   * in the command's transaction after the decision, before the append.
   */
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>;
  /** Writes that must commit with the events and follow their append (an account's closing). */
  afterAppendInTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

/** Commands whose writes go beyond the append need a transaction of their own. */
const writesBeyondTheAppend = (options: CommandOptions | undefined): boolean =>
  Boolean(options?.alsoInTransaction ?? options?.afterAppendInTransaction);

/** Events one command committed, for whoever reacts to commits (projection wake-ups, read-your-writes). */
export interface CommittedCommand {
  context: CommandContext;
  eventTypes: readonly string[];
  position: number;
  /** xid8 of the appending transaction, as a decimal string. */
  transactionId: string;
}

export interface CommandObserver {
  committed(command: CommittedCommand): Promise<void>;
}

/** Provided by the projections module; the event store itself knows nothing of read models. */
export const COMMAND_OBSERVER = Symbol('COMMAND_OBSERVER');

export interface CommandDependencies {
  db: Kysely<Database>;
  now: () => Date;
  /** Folded states kept between commands; without it every attempt reads its stream. */
  cache?: StreamStateCache;
  /** Appends outside a transaction share statements and commits; without it each is its own. */
  groupCommit?: GroupCommit;
  /** The transaction this command commits in with others (`db` is it too), when it shares one. */
  shared?: Transaction<Database>;
}

/**
 * Ordinary-table writes that must commit with a stream's events (Marten calls them inline
 * projections): constraints across contexts, such as which entities exist and who refers to them.
 * Read models are not inline: the worker projects them.
 */
export interface InlineProjection<Event extends DomainEvent, State> {
  /** The event types it writes for; a command appending none of them skips it (and its transaction). */
  eventTypes: readonly Event['type'][];
  apply(
    trx: Kysely<Database>,
    change: { tenantId: string; streamId: string; before: State; events: readonly Event[] },
  ): Promise<void>;
}

export interface StreamCommand<Command, Event extends DomainEvent, State> {
  decider: Decider<Command, Event, State>;
  streamId: string;
  command: Command;
  context: CommandContext;
  options?: CommandOptions;
  inline?: InlineProjection<Event, State>;
}

export interface CommandOutcome extends CommandResult {
  /** Present when this call appended events. */
  committed?: { eventTypes: string[]; transactionId: string };
  /** What commands that joined its transaction appended (CommandRunner.within). */
  joined?: readonly CommittedCommand[];
}

export const MAX_COMMAND_ATTEMPTS = 5;
export const CONCURRENT_MODIFICATION_MESSAGE =
  'O registro foi alterado por outra operação. Tente novamente.';

/** What one attempt did; `next` is the stream's state after its committed append. */
interface Attempt<State> {
  outcome: CommandOutcome;
  next?: StreamSnapshot<State>;
}

/**
 * Load the stream (or take its cached state), fold it, decide, append; on a version clash reload
 * and decide again, up to MAX_COMMAND_ATTEMPTS times, then 409. With an idempotency key, the first
 * answer for that key is remembered in the same transaction as the append and given again,
 * appending nothing (platform/event-store/idempotency.ts).
 */
export async function executeCommand<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  request: StreamCommand<Command, Event, State>,
): Promise<CommandOutcome> {
  const { cache } = deps;
  const { tenantId } = request.context;
  for (let attempt = 1; ; attempt++) {
    // After a clash the cached state is known to be stale: decide on a fresh read.
    const trusted = attempt === 1 ? cache : undefined;
    try {
      const { outcome, next } =
        request.context.idempotency || writesBeyondTheAppend(request.options)
          ? await attemptInTransaction(deps, trusted, request)
          : await attemptAppend(deps, trusted, request);
      if (next) cache?.remember(tenantId, request.streamId, request.decider, next);
      return outcome;
    } catch (error) {
      if (!(error instanceof DomainError)) cache?.forget(tenantId, request.streamId);
      // The failed statement aborted the transaction this command joined: the command it joined
      // runs again whole (CommandRunner.within), not this one alone.
      if (!(error instanceof ConcurrencyError) || deps.shared) throw error;
      if (attempt >= MAX_COMMAND_ATTEMPTS)
        throw new ConflictError('concurrent_modification', CONCURRENT_MODIFICATION_MESSAGE);
      // Jitter spreads the retries of writers that collided on the same version.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

const clockOf = (deps: CommandDependencies, { options }: { options?: CommandOptions }) =>
  options?.now ?? deps.now();

interface Decision<Event, State> {
  events: Event[];
  base: StreamSnapshot<State>;
}

/**
 * Decides on the cached state when there is one (a stream this process has never seen is taken
 * as empty), trusting it only for appends: the append's expected version proves the state was
 * current. A refusal or a no-op on a cached state, and every decision without a cache, is made
 * on the stream as read now.
 */
async function decideOn<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  cache: StreamStateCache | undefined,
  now: Date,
  { decider, command, streamId, context }: StreamCommand<Command, Event, State>,
): Promise<Decision<Event, State> | DomainError> {
  if (cache) {
    const base = cache.get<State>(context.tenantId, streamId, decider) ?? {
      state: decider.initialState(),
      version: 0,
      position: 0,
    };
    const decision = decider.decide(command, base.state, now);
    if (!(decision instanceof DomainError) && decision.length > 0)
      return { events: decision, base };
  }
  // An id of another kind of stream (a student's id sent as a plan's) is no stream of this
  // decider: it decides on nothing, and an append there fails on the version.
  const base = await loadState(db, context.tenantId, streamId, decider);
  cache?.remember(context.tenantId, streamId, decider, base);
  const decision = decider.decide(command, base.state, now);
  if (decision instanceof DomainError) return decision;
  return { events: decision, base };
}

/** The common path: one INSERT, atomic on its own. */
async function attemptAppend<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  cache: StreamStateCache | undefined,
  request: StreamCommand<Command, Event, State>,
): Promise<Attempt<State>> {
  const decision = await decideOn(deps.db, cache, clockOf(deps, request), request);
  if (decision instanceof DomainError) throw decision;
  if (decision.events.length === 0)
    return { outcome: unchanged(request.streamId, decision.base.position) };
  return append(deps.db, request, decision, deps.groupCommit);
}

/** With an idempotency key or writes of its own, the command runs in one transaction. */
async function attemptInTransaction<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  cache: StreamStateCache | undefined,
  request: StreamCommand<Command, Event, State>,
): Promise<Attempt<State>> {
  const { tenantId, idempotency } = request.context;
  if (idempotency) {
    const earlier = await rememberedAnswer(deps.db, tenantId, idempotency);
    if (earlier) return { outcome: replayAnswer(earlier) };
  }

  const attempt = await inTransaction(deps, async (trx) => {
    // Read and decide before the first write (see appendEvents on transaction ids).
    const decision = await decideOn(trx, cache, clockOf(deps, request), request);
    let result: Attempt<State> | DomainError =
      decision instanceof DomainError
        ? decision
        : { outcome: unchanged(request.streamId, decision.base.position) };
    if (!(decision instanceof DomainError)) {
      await request.options?.alsoInTransaction?.(trx);
      if (decision.events.length > 0) result = await append(trx, request, decision);
      await request.options?.afterAppendInTransaction?.(trx);
    }
    const joined = joinedCommits.get(trx);
    if (joined && !(result instanceof DomainError))
      result = { ...result, outcome: { ...result.outcome, joined } };
    const answer =
      idempotency && answerToRemember(result instanceof DomainError ? result : result.outcome);
    if (answer && !(await rememberAnswer(trx, tenantId, idempotency, answer)))
      throw new DuplicateKey();
    return result;
  }).catch(async (error: unknown): Promise<Attempt<State>> => {
    if (!(error instanceof DuplicateKey) || !idempotency) throw error;
    const first = await rememberedAnswer(deps.db, tenantId, idempotency);
    if (!first) throw new ConcurrencyError(request.streamId);
    // Nothing was appended by this call: there is nothing to wake.
    return { outcome: replayAnswer(first) };
  });
  if (attempt instanceof DomainError) throw attempt;
  return attempt;
}

class DuplicateKey extends Error {}

/** `work` in a transaction of its own, or in the one the command joined (CommandRunner.within). */
function inTransaction<T>(
  deps: CommandDependencies,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return deps.shared ? work(deps.shared) : deps.db.transaction().execute(work);
}

/** A command that changes nothing answers the stream's current position. */
function unchanged(streamId: string, position: number): CommandOutcome {
  return { id: streamId, position };
}

/** Whether the inline projection writes for any of `events`: then it shares the append's transaction. */
function touchesInline<Event extends DomainEvent, State>(
  inline: InlineProjection<Event, State> | undefined,
  events: readonly Event[],
): inline is InlineProjection<Event, State> {
  return inline !== undefined && events.some((event) => inline.eventTypes.includes(event.type));
}

/** Appends the decision, with the inline projection's writes in the same transaction when it has any. */
async function append<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  request: StreamCommand<Command, Event, State>,
  decision: Decision<Event, State>,
  groupCommit?: GroupCommit,
): Promise<Attempt<State>> {
  const { inline } = request;
  if (!touchesInline(inline, decision.events))
    return appendEventsOf(db, request, decision, groupCommit);
  const withInline = async (trx: Kysely<Database>) => {
    const attempt = await appendEventsOf(trx, request, decision);
    await inline.apply(trx, {
      tenantId: request.context.tenantId,
      streamId: request.streamId,
      before: decision.base.state,
      events: decision.events,
    });
    return attempt;
  };
  return db.isTransaction ? withInline(db) : db.transaction().execute(withInline);
}

async function appendEventsOf<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  request: StreamCommand<Command, Event, State>,
  { events, base }: Decision<Event, State>,
  groupCommit?: GroupCommit,
): Promise<Attempt<State>> {
  const { context, decider } = request;
  const appendRequest = {
    tenantId: context.tenantId,
    streamType: decider.streamType,
    streamId: request.streamId,
    expectedVersion: base.version,
    events,
    metadata: metadataOf(context),
  };
  const result = await appendOn(db, appendRequest, groupCommit);
  return {
    outcome: {
      id: request.streamId,
      position: result.position,
      committed: {
        eventTypes: [...new Set(events.map((event) => event.type))],
        transactionId: result.transactionId,
      },
    },
    next: {
      state: asStored(events).reduce(decider.evolve, base.state),
      version: result.nextVersion,
      position: result.position,
    },
  };
}

/** Inside a transaction, alone; outside, through the group commit when there is one. */
function appendOn(
  db: Kysely<Database>,
  request: AppendRequest,
  groupCommit: GroupCommit | undefined,
): Promise<AppendResult> {
  return groupCommit && !db.isTransaction ? groupCommit.append(request) : appendEvents(db, request);
}

function metadataOf(context: CommandContext): EventMetadata {
  const commandId = uuidv7();
  return {
    actorId: context.actorId,
    actorRole: context.actorRole,
    correlationId: context.correlationId,
    causationId: context.causationId ?? commandId,
    commandId,
  };
}

/** Events as a reader folds them: their data as stored (JSON), not the objects decided. */
const asStored = <Event extends DomainEvent>(events: readonly Event[]): Event[] =>
  events.map((event) => ({ ...event, data: JSON.parse(JSON.stringify(event.data)) }));

/* eslint-disable @typescript-eslint/no-explicit-any -- a queue holds commands of any decider */
type AnyStreamCommand = StreamCommand<any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

interface Queued {
  request: AnyStreamCommand;
  resolve: (outcome: CommandOutcome) => void;
  reject: (error: unknown) => void;
}

/** At most this many commands of one stream share an append. */
export const MAX_COMMANDS_PER_APPEND = 64;

/** Commands that may share an append: no transaction of their own (idempotency, extra writes). */
const joinable = ({ context, options }: AnyStreamCommand) =>
  !context.idempotency && !writesBeyondTheAppend(options);

/**
 * The commands of each stream, one batch after another. Commands that queued up behind a busy
 * stream are decided one after the other on its state and appended together: one statement and
 * one commit for all of them (a hot stream is not held to one commit per command), each still
 * answering its own position. A refusal or a no-op among them, and anything that fails the
 * shared append but a version clash, is run again on its own, as it would have been alone.
 */
class StreamQueues {
  private readonly queues = new Map<string, Queued[]>();

  run(deps: CommandDependencies, request: AnyStreamCommand): Promise<CommandOutcome> {
    return new Promise((resolve, reject) => {
      const key = `${request.context.tenantId}/${request.streamId}`;
      const queued = this.queues.get(key);
      if (queued) {
        queued.push({ request, resolve, reject });
        return;
      }
      const queue = [{ request, resolve, reject }];
      this.queues.set(key, queue);
      void this.drain(deps, key, queue);
    });
  }

  private async drain(deps: CommandDependencies, key: string, queue: Queued[]): Promise<void> {
    while (queue.length > 0) {
      const [first] = queue;
      let size = 1;
      if (joinable(first.request)) {
        while (
          size < queue.length &&
          size < MAX_COMMANDS_PER_APPEND &&
          joinable(queue[size].request) &&
          queue[size].request.decider === first.request.decider &&
          queue[size].request.inline === first.request.inline
        )
          size++;
      }
      const batch = queue.splice(0, size);
      if (batch.length === 1) await settle(batch[0], () => executeCommand(deps, first.request));
      else await executeTogether(deps, batch);
    }
    this.queues.delete(key);
  }
}

async function settle(queued: Queued, run: () => Promise<CommandOutcome>): Promise<void> {
  await run().then(queued.resolve, queued.reject);
}

interface Accepted {
  queued: Queued;
  events: DomainEvent[];
  before: unknown;
}

/** Commands of one stream decided in turn and appended in one statement (see StreamQueues). */
async function executeTogether(deps: CommandDependencies, batch: Queued[]): Promise<void> {
  // No command is answered before the shared append commits: if anything fails before (a read,
  // a decider), every one of them runs on its own and meets its own fate.
  const apart = await appendTogether(deps, batch).catch(() => batch);
  for (const queued of apart) await settle(queued, () => executeCommand(deps, queued.request));
}

/** Appends what `batch` decides together and answers those commands; answers the others to run apart. */
async function appendTogether(deps: CommandDependencies, batch: Queued[]): Promise<Queued[]> {
  const { cache } = deps;
  const { request: first } = batch[0];
  const { decider, streamId, inline } = first;
  const { tenantId } = first.context;
  let accepted: Accepted[] = [];
  let apart: Queued[] = [];
  for (let attempt = 1; ; attempt++) {
    // As executeCommand: a cached state (or a stream never seen, as new) is trusted for appends
    // only, the append's expected version proving it; after a clash, a fresh read.
    let base = attempt === 1 ? cache?.get<unknown>(tenantId, streamId, decider) : undefined;
    if (!base && (attempt > 1 || !cache)) {
      base = await loadState(deps.db, tenantId, streamId, decider);
      cache?.remember(tenantId, streamId, decider, base);
    }
    base ??= { state: decider.initialState(), version: 0, position: 0 };
    accepted = [];
    apart = [];
    let state = base.state;
    for (const queued of batch) {
      const decision = decider.decide(queued.request.command, state, clockOf(deps, queued.request));
      if (decision instanceof DomainError || decision.length === 0) {
        apart.push(queued);
        continue;
      }
      accepted.push({ queued, events: decision, before: state });
      state = asStored(decision).reduce(decider.evolve, state);
    }
    if (accepted.length === 0) break;
    const write = async (db: Kysely<Database>) => {
      const appendRequest = {
        tenantId,
        streamType: decider.streamType,
        streamId,
        expectedVersion: base.version,
        events: accepted.flatMap((each) => each.events),
        metadata: accepted.flatMap((each) => {
          const metadata = metadataOf(each.queued.request.context);
          return each.events.map(() => metadata);
        }),
      };
      const result = await appendOn(db, appendRequest, deps.groupCommit);
      for (const each of accepted) {
        if (touchesInline(inline, each.events))
          await inline.apply(db, { tenantId, streamId, before: each.before, events: each.events });
      }
      return result;
    };
    const withInline = accepted.some((each) => touchesInline(inline, each.events));
    try {
      const result = withInline ? await deps.db.transaction().execute(write) : await write(deps.db);
      cache?.remember(tenantId, streamId, decider, {
        state,
        version: result.nextVersion,
        position: result.position,
      });
      let index = 0;
      for (const each of accepted) {
        index += each.events.length;
        each.queued.resolve({
          id: streamId,
          position: result.positions[index - 1],
          committed: {
            eventTypes: [...new Set(each.events.map((event) => event.type))],
            transactionId: result.transactionId,
          },
        });
      }
      break;
    } catch (error) {
      cache?.forget(tenantId, streamId);
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_COMMAND_ATTEMPTS) {
        // Nothing was appended: each command runs on its own and meets its own fate.
        apart = batch;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
  return apart;
}

/**
 * The command path of a process (the API, or the worker's process managers): commands on one
 * stream are queued inside this process (so a hot stream does not burn its retries on itself),
 * optimistic concurrency guards across processes, and the observer hears of every commit.
 */
@Injectable()
export class CommandRunner {
  private readonly logger = new Logger(CommandRunner.name);
  private readonly streams = new StreamQueues();
  private readonly cache = new StreamStateCache();
  private readonly groupCommit: GroupCommit;

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Optional() @Inject(COMMAND_OBSERVER) private readonly observer?: CommandObserver,
  ) {
    this.groupCommit = groupCommitOf(db);
  }

  async run<Command, Event extends DomainEvent, State>(
    request: StreamCommand<Command, Event, State>,
  ): Promise<CommandResult> {
    const joined = joining.getStore();
    if (joined) {
      // In the transaction of the command it joined: no queue, no cached state (what it appends
      // is not committed yet); heard of once that command commits.
      const outcome = await executeCommand(
        { db: joined.trx, shared: joined.trx, now: () => new Date() },
        request,
      );
      const committed = committedOf(request.context, outcome);
      if (committed) joined.committed.push(committed);
      return { id: outcome.id, position: outcome.position };
    }
    const outcome = await this.streams.run(
      { db: this.db, now: () => new Date(), cache: this.cache, groupCommit: this.groupCommit },
      request as AnyStreamCommand,
    );
    const committed = committedOf(request.context, outcome);
    if (committed) await this.tell(committed);
    for (const other of outcome.joined ?? []) await this.tell(other);
    return { id: outcome.id, position: outcome.position };
  }

  /**
   * Runs `work` so that the commands it sends, through any context's handler, commit in `trx`,
   * the transaction of a command being decided (its `alsoInTransaction`): all of them with it, or
   * none (a visitor's registration with their booking). A version clash of one of them fails
   * that command, which runs again whole. Their commits are heard of with that command's.
   */
  async within(trx: Transaction<Database>, work: () => Promise<unknown>): Promise<void> {
    let committed = joinedCommits.get(trx);
    if (!committed) joinedCommits.set(trx, (committed = []));
    await joining.run({ trx, committed }, work);
  }

  private async tell(command: CommittedCommand): Promise<void> {
    if (!this.observer) return;
    await this.observer
      .committed(command)
      // The events are committed: the answer stands whatever an observer does.
      .catch((error: unknown) =>
        this.logger.warn(`observador do comando falhou: ${String(error)}`),
      );
  }
}

/** The transaction commands sent inside `CommandRunner.within` join, and what they appended. */
const joining = new AsyncLocalStorage<{
  trx: Transaction<Database>;
  committed: CommittedCommand[];
}>();
/** By transaction: the commits of the commands that joined it, told when it commits. */
const joinedCommits = new WeakMap<Transaction<Database>, CommittedCommand[]>();

function committedOf(
  context: CommandContext,
  { position, committed }: CommandOutcome,
): CommittedCommand | undefined {
  return committed && { context, position, ...committed };
}

/**
 * The one command handler of a decider, taking its whole command union (as emmett does):
 * `@Injectable() export class StudentCommands extends commandHandlerFor(studentDecider) {}`,
 * with the stream's inline projection when it has one.
 */
export function commandHandlerFor<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  inline?: InlineProjection<Event, NoInfer<State>>,
) {
  @Injectable()
  class DeciderCommandHandler {
    constructor(@Inject(CommandRunner) readonly runner: CommandRunner) {}

    handle(
      context: CommandContext,
      streamId: string,
      command: Command,
      options?: CommandOptions,
    ): Promise<CommandResult> {
      return this.runner.run({ decider, streamId, command, context, options, inline });
    }
  }
  return DeciderCommandHandler;
}

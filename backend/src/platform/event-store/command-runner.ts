import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../auth/auth-user';
import { DATABASE, type Db } from '../database/database.module';
import type { Database } from '../database/database.types';
import { ConflictError, DomainError } from '../errors/domain-error';
import { ProjectionWaker } from '../projections/projection-waker';
import { type Decider, fold } from './decider';
import type { DomainEvent, StoredEvent } from './event';
import { appendEvents, ConcurrencyError, readStream } from './event-store';
import { KeyedSerializer } from './keyed-serializer';
import { type StreamSnapshot, StreamStateCache } from './stream-state-cache';

/** Who sends a command and on whose behalf; built from the access token and the request. */
export interface CommandContext {
  tenantId: string;
  actorId: string;
  actorRole: Role | 'system';
  correlationId: string;
  /** The message that caused this command (an event for a process manager); the command itself otherwise. */
  causationId?: string;
  idempotencyKey?: string;
}

/** What every command answers: the stream's id and the global position of its last event. */
export interface CommandResult {
  id: string;
  position: number;
}

export interface StreamCommand<Command, Event extends DomainEvent, State> {
  streamType: string;
  streamId: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  context: CommandContext;
  /** HTTP status of a success, remembered with the idempotency key (201 create, 200 otherwise). */
  successStatus: 200 | 201;
}

export interface CommandDependencies {
  db: Kysely<Database>;
  now: () => Date;
  /** Folded states kept between commands; without it every attempt reads its stream. */
  cache?: StreamStateCache;
}

export interface CommandOutcome extends CommandResult {
  eventTypes: string[];
}

export const MAX_COMMAND_ATTEMPTS = 5;
const CONCURRENT_MODIFICATION = 'O registro foi alterado por outra operação. Tente novamente.';

type IdempotentAnswer = { statusCode: number; body: unknown };

/** What one attempt did; `next` is the stream's state after its committed append. */
interface Attempt<State> {
  outcome: CommandOutcome;
  next?: StreamSnapshot<State>;
}

/**
 * Load the stream (or take its cached state), fold it, decide, append; on a version clash reload
 * and decide again, up to MAX_COMMAND_ATTEMPTS times, then 409. With an idempotency key, the first
 * answer for that key is stored in the same transaction as the append and returned again,
 * appending nothing.
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
      const { outcome, next } = request.context.idempotencyKey
        ? await attemptIdempotent(deps, trusted, request, request.context.idempotencyKey)
        : await attemptWithoutKey(deps.db, trusted, deps.now(), request);
      if (next) cache?.remember(tenantId, request.streamId, request.decider, next);
      return outcome;
    } catch (error) {
      if (!(error instanceof DomainError)) cache?.forget(tenantId, request.streamId);
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= MAX_COMMAND_ATTEMPTS)
        throw new ConflictError('concurrent_modification', CONCURRENT_MODIFICATION);
      // Jitter spreads the retries of writers that collided on the same version.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

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
  request: StreamCommand<Command, Event, State>,
): Promise<Decision<Event, State> | DomainError> {
  const { decider, command, streamId } = request;
  const { tenantId } = request.context;
  if (cache) {
    const base = cache.get<State>(tenantId, streamId, decider) ?? {
      state: decider.initialState(),
      version: 0,
      position: 0,
    };
    const decision = decider.decide(command, base.state, now);
    if (!(decision instanceof DomainError) && decision.length > 0)
      return { events: decision, base };
  }
  const history = await readStream(db, tenantId, streamId);
  const last = history.at(-1);
  const base = {
    state: fold(decider, history.map(asDomainEvent<Event>)),
    version: last?.streamVersion ?? 0,
    position: last?.globalPosition ?? 0,
  };
  cache?.remember(tenantId, streamId, decider, base);
  const decision = decider.decide(command, base.state, now);
  if (decision instanceof DomainError) return decision;
  return { events: decision, base };
}

async function attemptWithoutKey<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  cache: StreamStateCache | undefined,
  now: Date,
  request: StreamCommand<Command, Event, State>,
): Promise<Attempt<State>> {
  const decision = await decideOn(db, cache, now, request);
  if (decision instanceof DomainError) throw decision;
  if (decision.events.length === 0)
    return { outcome: unchanged(request.streamId, decision.base.position) };
  return append(db, request, decision);
}

async function attemptIdempotent<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  cache: StreamStateCache | undefined,
  request: StreamCommand<Command, Event, State>,
  key: string,
): Promise<Attempt<State>> {
  const { tenantId } = request.context;
  const earlier = await storedAnswer(deps.db, tenantId, key);
  if (earlier) return { outcome: replay(earlier) };

  const attempt = await deps.db
    .transaction()
    .execute(async (trx) => {
      // Read and decide before the first write (see appendEvents on transaction ids).
      const decision = await decideOn(trx, cache, deps.now(), request);
      let answer: IdempotentAnswer;
      let attempt: Attempt<State> | DomainError;
      if (decision instanceof DomainError) {
        attempt = decision;
        answer = {
          statusCode: decision.statusCode,
          body: { statusCode: decision.statusCode, code: decision.code, message: decision.message },
        };
      } else {
        attempt =
          decision.events.length === 0
            ? { outcome: unchanged(request.streamId, decision.base.position) }
            : await append(trx, request, decision);
        answer = {
          statusCode: request.successStatus,
          body: { id: attempt.outcome.id, position: attempt.outcome.position },
        };
      }
      // A concurrent command with the same key makes this insert wait for it; if it committed, this
      // one inserts nothing and is rolled back, and its answer is replayed below.
      const inserted = await trx
        .insertInto('commandIdempotency')
        .values({ tenantId, key, statusCode: answer.statusCode, body: JSON.stringify(answer.body) })
        .onConflict((conflict) => conflict.columns(['tenantId', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!inserted) throw new DuplicateKey();
      return attempt;
    })
    .catch(async (error: unknown): Promise<Attempt<State>> => {
      if (!(error instanceof DuplicateKey)) throw error;
      const first = await storedAnswer(deps.db, tenantId, key);
      if (!first) throw new ConcurrencyError(request.streamId);
      return { outcome: replay(first) };
    });
  if (attempt instanceof DomainError) throw attempt;
  return attempt;
}

class DuplicateKey extends Error {}

/** A command that changes nothing answers the stream's current position. */
function unchanged(streamId: string, position: number): CommandOutcome {
  return { id: streamId, position, eventTypes: [] };
}

async function storedAnswer(
  db: Kysely<Database>,
  tenantId: string,
  key: string,
): Promise<IdempotentAnswer | undefined> {
  return db
    .selectFrom('commandIdempotency')
    .select(['statusCode', 'body'])
    .where('tenantId', '=', tenantId)
    .where('key', '=', key)
    .executeTakeFirst();
}

function replay(answer: IdempotentAnswer): CommandOutcome {
  if (answer.statusCode >= 400) {
    const body = answer.body as { code: string; message: string };
    throw new DomainError(body.code, body.message, answer.statusCode);
  }
  // Nothing was appended by this call: there is nothing to wake.
  return { ...(answer.body as CommandResult), eventTypes: [] };
}

async function append<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  request: StreamCommand<Command, Event, State>,
  { events, base }: Decision<Event, State>,
): Promise<Attempt<State>> {
  const { context } = request;
  const commandId = uuidv7();
  const result = await appendEvents(db, {
    tenantId: context.tenantId,
    streamType: request.streamType,
    streamId: request.streamId,
    expectedVersion: base.version,
    events,
    metadata: {
      actorId: context.actorId,
      actorRole: context.actorRole,
      correlationId: context.correlationId,
      causationId: context.causationId ?? commandId,
      commandId,
    },
  });
  // Folded as a reader would see them: the data as stored (JSON), not the objects decided.
  const stored = events.map((event) => ({
    ...event,
    data: JSON.parse(JSON.stringify(event.data)),
  }));
  return {
    outcome: {
      id: request.streamId,
      position: result.position,
      eventTypes: [...new Set(events.map((event) => event.type))],
    },
    next: {
      state: stored.reduce(request.decider.evolve, base.state),
      version: result.nextVersion,
      position: result.position,
    },
  };
}

function asDomainEvent<Event extends DomainEvent>(stored: StoredEvent): Event {
  return { type: stored.eventType, data: stored.data } as Event;
}

/**
 * The API's command path: commands on one stream are queued inside this process (so a hot stream
 * does not burn its retries on itself), optimistic concurrency guards across processes, and the
 * projections that read the new events are woken once they are committed.
 */
@Injectable()
export class CommandRunner {
  private readonly logger = new Logger(CommandRunner.name);
  private readonly streams = new KeyedSerializer();
  private readonly cache = new StreamStateCache();

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(ProjectionWaker) private readonly waker: ProjectionWaker,
  ) {}

  async run<Command, Event extends DomainEvent, State>(
    request: StreamCommand<Command, Event, State>,
  ): Promise<CommandResult> {
    const outcome = await this.streams.run(request.streamId, () =>
      executeCommand({ db: this.db, now: () => new Date(), cache: this.cache }, request),
    );
    if (outcome.eventTypes.length > 0) {
      // Sent in the background (the waker's next round, right after this commit): the answer
      // need not wait for Redis. A lost wake-up only delays the read models until the worker's
      // safety-net tick.
      void this.waker
        .wakeFor(outcome.eventTypes)
        .catch((error: unknown) => this.logger.warn(`wake-up falhou: ${String(error)}`));
    }
    return { id: outcome.id, position: outcome.position };
  }
}

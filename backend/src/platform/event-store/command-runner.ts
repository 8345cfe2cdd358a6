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
}

export interface CommandOutcome extends CommandResult {
  eventTypes: string[];
}

export const MAX_COMMAND_ATTEMPTS = 5;
const CONCURRENT_MODIFICATION = 'O registro foi alterado por outra operação. Tente novamente.';

type IdempotentAnswer = { statusCode: number; body: unknown };

/**
 * Load the stream, fold it, decide, append; on a version clash reload and decide again, up to
 * MAX_COMMAND_ATTEMPTS times, then 409. With an idempotency key, the first answer for that key is
 * stored in the same transaction as the append and returned again, appending nothing.
 */
export async function executeCommand<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  request: StreamCommand<Command, Event, State>,
): Promise<CommandOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return request.context.idempotencyKey
        ? await attemptIdempotent(deps, request, request.context.idempotencyKey)
        : await attemptWithoutKey(deps.db, deps.now(), request);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= MAX_COMMAND_ATTEMPTS)
        throw new ConflictError('concurrent_modification', CONCURRENT_MODIFICATION);
      // Jitter spreads the retries of writers that collided on the same version.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

async function decideOn<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  now: Date,
  request: StreamCommand<Command, Event, State>,
): Promise<{ events: Event[]; version: number; position: number } | DomainError> {
  const history = await readStream(db, request.context.tenantId, request.streamId);
  const state = fold(request.decider, history.map(asDomainEvent<Event>));
  const decision = request.decider.decide(request.command, state, now);
  if (decision instanceof DomainError) return decision;
  const last = history.at(-1);
  return {
    events: decision,
    version: last?.streamVersion ?? 0,
    position: last?.globalPosition ?? 0,
  };
}

async function attemptWithoutKey<Command, Event extends DomainEvent, State>(
  db: Kysely<Database>,
  now: Date,
  request: StreamCommand<Command, Event, State>,
): Promise<CommandOutcome> {
  const decision = await decideOn(db, now, request);
  if (decision instanceof DomainError) throw decision;
  if (decision.events.length === 0) return unchanged(request.streamId, decision.position);
  return append(db, request, decision.events, decision.version);
}

async function attemptIdempotent<Command, Event extends DomainEvent, State>(
  deps: CommandDependencies,
  request: StreamCommand<Command, Event, State>,
  key: string,
): Promise<CommandOutcome> {
  const { tenantId } = request.context;
  const earlier = await storedAnswer(deps.db, tenantId, key);
  if (earlier) return replay(earlier);

  const outcome = await deps.db
    .transaction()
    .execute(async (trx) => {
      // Read and decide before the first write (see appendEvents on transaction ids).
      const decision = await decideOn(trx, deps.now(), request);
      let answer: IdempotentAnswer;
      let outcome: CommandOutcome | DomainError;
      if (decision instanceof DomainError) {
        outcome = decision;
        answer = {
          statusCode: decision.statusCode,
          body: { statusCode: decision.statusCode, code: decision.code, message: decision.message },
        };
      } else {
        outcome =
          decision.events.length === 0
            ? unchanged(request.streamId, decision.position)
            : await append(trx, request, decision.events, decision.version);
        answer = {
          statusCode: request.successStatus,
          body: { id: outcome.id, position: outcome.position },
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
      return outcome;
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof DuplicateKey)) throw error;
      const first = await storedAnswer(deps.db, tenantId, key);
      if (!first) throw new ConcurrencyError(request.streamId);
      return replay(first);
    });
  if (outcome instanceof DomainError) throw outcome;
  return outcome;
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
  events: Event[],
  expectedVersion: number,
): Promise<CommandOutcome> {
  const { context } = request;
  const commandId = uuidv7();
  const result = await appendEvents(db, {
    tenantId: context.tenantId,
    streamType: request.streamType,
    streamId: request.streamId,
    expectedVersion,
    events,
    metadata: {
      actorId: context.actorId,
      actorRole: context.actorRole,
      correlationId: context.correlationId,
      causationId: context.causationId ?? commandId,
      commandId,
    },
  });
  return {
    id: request.streamId,
    position: result.position,
    eventTypes: [...new Set(events.map((event) => event.type))],
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

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(ProjectionWaker) private readonly waker: ProjectionWaker,
  ) {}

  async run<Command, Event extends DomainEvent, State>(
    request: StreamCommand<Command, Event, State>,
  ): Promise<CommandResult> {
    const outcome = await this.streams.run(request.streamId, () =>
      executeCommand({ db: this.db, now: () => new Date() }, request),
    );
    if (outcome.eventTypes.length > 0) {
      // A lost wake-up only delays the read models until the worker's safety-net tick.
      await this.waker
        .wakeFor(outcome.eventTypes)
        .catch((error: unknown) => this.logger.warn(`wake-up falhou: ${String(error)}`));
    }
    return { id: outcome.id, position: outcome.position };
  }
}

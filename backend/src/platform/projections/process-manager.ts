import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/database';
import { AccountClosedError } from '../errors/domain-error';
import type { WorkerServices } from '../context/worker-services';
import type { CommandContext } from '../event-store/command-runner';
import { eventsIn, eventTypesOf, type StoredEvent, type StoredEventOf } from '../event-store/event';
import type { Projection } from './projection';

/**
 * A reaction to events that sends commands (a saga without state of its own). The worker runs it
 * exactly like a projection (gap-free read in commit order, checkpoint, advisory lock, wake-ups,
 * safety net), but it is never rebuilt: replaying the log would send its commands again. Every
 * command it sends carries an idempotency key derived from its name and the causing event
 * (`processManagerCommand`), so a batch run twice (a crash before the checkpoint moved) sends
 * nothing twice.
 */
/** Only `processManager()` makes one: every reaction is typed by the catalogue it reacts to. */
const typedByItsEvents = Symbol('typedByItsEvents');

export interface ProcessManager {
  readonly [typedByItsEvents]: true;
  name: string;
  /** The event types it reacts to: appending one wakes it. */
  eventTypes: readonly string[];
  /** The batch's events of those types, in commit order. */
  handle(events: readonly StoredEvent[], services: WorkerServices): Promise<void>;
}

/** What a process manager is written as: the events it reacts to, and its reaction to them. */
export interface ProcessManagerDefinition<Catalogue extends object> {
  name: string;
  /** Part of their catalogue (`pickEvents(chargeEvents, ['ChargePaid'])`). */
  reactsTo: Catalogue;
  /**
   * The batch's events of those types, in commit order, typed by their catalogue. A batch rather
   * than one event: a reaction that reads or writes per event can do it once for all of them (one
   * round trip instead of one per event, which under a steady stream of commands was most of the
   * worker's work).
   */
  handle(events: readonly StoredEventOf<Catalogue>[], services: WorkerServices): Promise<void>;
}

/** The process manager of a definition: woken by, and handed, the events it reacts to. */
export function processManager<Catalogue extends object>(
  definition: ProcessManagerDefinition<Catalogue>,
): ProcessManager {
  return {
    [typedByItsEvents]: true,
    name: definition.name,
    eventTypes: eventTypesOf(definition.reactsTo),
    handle: (events, services) =>
      definition.handle(eventsIn(events, definition.reactsTo), services),
  };
}

/**
 * How long a process manager's batch transaction may sit idle while its commands run on other
 * connections (the pool's own limit, 10 s, is for connections forgotten in a transaction). That
 * transaction holds no transaction id until it moves the checkpoint, after the commands
 * (`checkpointAfterApply`), so it holds no projection back meanwhile.
 */
const BATCH_IDLE_LIMIT = '5min';

/** The process manager as the projection runner runs it: no tables, and nothing to tell browsers. */
export function processManagerRunner(
  processManager: ProcessManager,
  services: WorkerServices,
): Projection {
  const wanted: ReadonlySet<string> = new Set(processManager.eventTypes);
  return {
    name: processManager.name,
    tables: [],
    eventTypes: processManager.eventTypes,
    checkpointAfterApply: true,
    async apply(batch, trx) {
      const reactions = batch.filter((event) => wanted.has(event.eventType));
      if (reactions.length === 0) return [];
      await sql`select set_config('idle_in_transaction_session_timeout', ${BATCH_IDLE_LIMIT}, true)`.execute(
        trx,
      );
      try {
        await processManager.handle(reactions, services);
      } catch (error) {
        if (!(error instanceof AccountClosedError)) throw error;
        // A closed account refuses every command: its events need no reaction any more. The
        // others' are handled again, which their commands' idempotency makes harmless.
        await processManager.handle(await ofOpenAccounts(trx, reactions), services);
      }
      return [];
    },
  };
}

async function ofOpenAccounts(
  trx: Transaction<Database>,
  events: readonly StoredEvent[],
): Promise<StoredEvent[]> {
  const tenants = [...new Set(events.map((event) => event.tenantId))];
  const { rows } = await sql<{ id: string }>`
    select id from tenants where id = any(${tenants}::uuid[]) and closed_at is not null`.execute(
    trx,
  );
  const closed = new Set(rows.map((row) => row.id));
  return events.filter((event) => !closed.has(event.tenantId));
}

/**
 * The context of the `index`-th command a process manager sends because of `cause`: on behalf of
 * whoever caused the event, caused by it, and idempotent by (process manager, event position,
 * index), so the same reaction, whoever runs it and however often, is sent once.
 */
export function processManagerCommand(
  processManager: string,
  cause: StoredEvent,
  index = 0,
): CommandContext {
  const key = `${processManager}:${cause.globalPosition}:${index}`;
  return {
    tenantId: cause.tenantId,
    actorId: cause.metadata.actorId,
    actorRole: cause.metadata.actorRole,
    correlationId: cause.metadata.correlationId,
    causationId: `event:${cause.globalPosition}`,
    idempotency: { key, fingerprint: key },
  };
}

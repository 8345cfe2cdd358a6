import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Pool } from 'pg';
import pino from 'pino';
import { workerDatabase } from '../../../../../test/support/test-databases';
import { createDatabase } from '../../database/database';
import type { Db } from '../../database/database.module';
import type { WorkerServices } from '../../context/worker-services';
import { ConflictError, type DomainError } from '../../errors/domain-error';
import { CommandRunner } from '../../event-store/command-runner';
import type { Decider } from '../../event-store/decider';
import { type DomainEvent, eventData, type StoredEvent } from '../../event-store/event';
import { appendEvents, type StoredEventRow } from '../../event-store/event-store';
import { processManager, processManagerCommand, processManagerRunner } from '../process-manager';
import { HELD_ELSEWHERE_COLUMN, takeEventsAfter } from '../gap-free-read';
import { drainProjection } from '../projection-runner';
import { drainToEndOfLog } from '../../../../../test/support/projections';
import { thingMetadata } from './support/things';

/**
 * A test-only reaction (platform code knows no context): every `TestPinged` makes the process
 * manager send `Pong` to the tenant's 'test-pong' stream, whose decider appends whatever it is
 * told, twice included: only the idempotency keys keep a replay from answering twice. A ping
 * with `refused` is refused by the decider, an outcome the process manager accepts.
 */
const pingEvents = { TestPinged: eventData<{ refused: boolean }>() };
type PongEvent = DomainEvent<'TestPonged', { ping: number }>;
type PongCommand = { type: 'Pong'; ping: number; refused: boolean };
const pongDecider: Decider<PongCommand, PongEvent, number> = {
  streamType: 'test-pong',
  initialState: () => 0,
  evolve: (pongs) => pongs + 1,
  decide: (command): PongEvent[] | DomainError =>
    command.refused
      ? new ConflictError('test_refused', 'Recusado no teste')
      : [{ type: 'TestPonged', data: { ping: command.ping } }],
};

describe('process managers', () => {
  const db: Db = workerDatabase('process-manager-test', 6);
  // Process managers here use the database and the command runner only.
  const services = {
    db,
    commands: new CommandRunner(db),
    logger: pino({ level: 'silent' }),
  } as WorkerServices;
  let handled: number[];
  const pinger = processManager({
    name: `test-pinger-${randomUUID()}`,
    reactsTo: pingEvents,
    async handle(events, { commands }) {
      for (const event of events) {
        handled.push(event.globalPosition);
        const { refused } = event.data;
        await commands
          .run({
            decider: pongDecider,
            streamId: pongStream(event.tenantId),
            command: { type: 'Pong', ping: event.globalPosition, refused },
            context: processManagerCommand(pinger.name, event),
          })
          .catch((error: unknown) => {
            if ((error as DomainError).code !== 'test_refused') throw error;
          });
      }
    },
  });
  const runner = processManagerRunner(pinger, services);
  // Until it has read every event committed so far: a transaction another test left open in this
  // database (a busy machine ends them late) holds the runner back meanwhile (gap-free-read.ts).
  const drain = () => drainToEndOfLog(db, [runner], 20_000);
  const pongStream = (tenantId: string) => tenantId;
  /** `name` starts reading after the last event committed so far. */
  const checkpointAtLogEnd = (name: string) =>
    sql`insert into projection_checkpoints (name, transaction_id, global_position)
        select ${name}, transaction_id, global_position from events
        order by transaction_id desc, global_position desc limit 1`.execute(db);

  beforeEach(() => {
    handled = [];
  });
  afterAll(() => db.destroy());

  async function ping(tenantId: string, count: number, refused = false): Promise<void> {
    await appendEvents(db, {
      tenantId,
      streamType: 'test-ping',
      streamId: randomUUID(),
      expectedVersion: 0,
      events: Array.from({ length: count }, () => ({ type: 'TestPinged', data: { refused } })),
      metadata: thingMetadata(),
    });
  }

  const pongs = async (tenantId: string) =>
    (
      await sql<{ ping: number }>`
        select (data->>'ping')::bigint as ping from events
        where tenant_id = ${tenantId}::uuid and event_type = 'TestPonged' order by global_position`.execute(
        db,
      )
    ).rows.map((row) => Number(row.ping));

  it('reacts to each event once, and a batch run again sends nothing twice', async () => {
    const tenantId = randomUUID();
    await ping(tenantId, 250);
    await ping(tenantId, 2, true);
    await drain();
    const first = await pongs(tenantId);
    expect(first).toHaveLength(250);
    expect(new Set(first).size).toBe(250);
    expect(handled).toHaveLength(252);

    // A crash before the checkpoint moved: the worker reads the same events again.
    await sql`delete from projection_checkpoints where name = ${pinger.name}`.execute(db);
    handled = [];
    await drain();
    expect(handled).toHaveLength(252);
    expect(await pongs(tenantId)).toEqual(first);
    // The refused ones are refused again from the stored answer, not decided anew.
    const refusals = await sql<{ n: number }>`
      select count(*)::int as n from command_idempotency
      where tenant_id = ${tenantId}::uuid and status_code = 409`.execute(db);
    expect(refusals.rows[0].n).toBe(2);
  });

  it('holds no projection back while its commands run: what they append can be read before its batch ends', async () => {
    const tenantId = randomUUID();
    // A reader of the pongs (a projection), its checkpoint at the end of the log.
    const reader = { name: `test-pong-reader-${randomUUID()}`, eventTypes: ['TestPonged'] };
    await checkpointAtLogEnd(reader.name);
    const readMeanwhile: number[][] = [];
    const pingThenRead = processManager({
      name: `test-ping-then-read-${randomUUID()}`,
      reactsTo: pingEvents,
      async handle(events, workerServices) {
        await pinger.handle(events, workerServices);
        // Still inside the process manager's batch: a projection woken by the pong reads now
        // (as the runner does: other databases' transactions, another test run's, set aside).
        // A transaction another test left open in this database may hold every reader back for a
        // moment (see `drain`), so it reads again until the pong shows or 10 s pass; a batch
        // that held the readers back would hold them for all of it, so it would never show here.
        const deadline = Date.now() + 10_000;
        let read: StoredEventRow[] = [];
        while (read.length === 0 && Date.now() < deadline) {
          ({ events: read } = await db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              heldElsewhere: string[];
            }>`select ${HELD_ELSEWHERE_COLUMN}`.execute(trx);
            return takeEventsAfter(trx, reader, 10, rows[0].heldElsewhere, {
              moveCheckpoint: false,
            });
          }));
          if (read.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        readMeanwhile.push(
          read.map(({ data }) =>
            typeof data === 'object' && data !== null && 'ping' in data ? Number(data.ping) : NaN,
          ),
        );
      },
    });
    await checkpointAtLogEnd(pingThenRead.name);
    await ping(tenantId, 1);
    await drainToEndOfLog(db, [processManagerRunner(pingThenRead, services)], 20_000);
    expect(readMeanwhile).toEqual([await pongs(tenantId)]);
    expect(readMeanwhile[0]).toHaveLength(1);
  });

  it("keeps its batch's transaction while its commands take longer than the pool's idle limit", async () => {
    // A pool that ends transactions left idle for 300 ms (the app's pools: 10 s).
    const strict = createDatabase(
      new Pool({
        connectionString: process.env.DATABASE_URL as string,
        max: 3,
        idle_in_transaction_session_timeout: 300,
      }),
    );
    try {
      const slow = processManager({
        name: `test-slow-${randomUUID()}`,
        reactsTo: pingEvents,
        // A command on another connection that takes a while (a busy database).
        handle: () => new Promise((resolve) => setTimeout(resolve, 800)),
      });
      const tenantId = randomUUID();
      await checkpointAtLogEnd(slow.name);
      await ping(tenantId, 1);
      const outcome = await drainProjection(strict, processManagerRunner(slow, services), {
        batchSize: 1_000,
        budgetMs: 60_000,
      });
      expect(outcome).toBe('caught-up');
    } finally {
      await strict.destroy();
    }
  });

  it('runs the same reaction from two places at once (the API and the worker) once', async () => {
    const tenantId = randomUUID();
    await ping(tenantId, 20);
    const events = (
      await sql<StoredEvent>`
        select global_position, transaction_id::text as transaction_id, tenant_id, stream_type, stream_id,
               stream_version, event_type, schema_version, data, metadata, occurred_at
        from events where tenant_id = ${tenantId}::uuid and event_type = 'TestPinged'`.execute(db)
    ).rows;
    const elsewhere = { ...services, commands: new CommandRunner(db) };
    await Promise.all(
      events.flatMap((event) => [
        pinger.handle([event], services),
        pinger.handle([event], elsewhere),
      ]),
    );
    expect(await pongs(tenantId)).toHaveLength(20);
  });
});

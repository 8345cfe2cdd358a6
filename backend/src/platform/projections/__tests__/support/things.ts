/**
 * A test-only read model for the projection machinery's own tests: platform code must not know a
 * bounded context, so its tests bring their own events and tables. `test_things` holds one row
 * per thing with the sum of its moves; `test_thing_moves` one row per move, keyed by position.
 * The tables are created by the suites that use them and dropped after (the suite's database is
 * a migrated clone whose schema another test checks against the generated row types).
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../database/database';
import { type EventsOf, eventData, eventTypesOf } from '../../../event-store/event';
import type { EventMetadata } from '../../../event-store/event';
import { eventsOfTypes, type Projection, type ProjectionChange } from '../../projection';

const thingEvents = {
  ThingCreated: eventData<{ name: string }>(),
  ThingMoved: eventData<{ delta: number }>(),
};
export type ThingEvent = EventsOf<typeof thingEvents>;
export const THING_EVENT_TYPES = eventTypesOf(thingEvents);
export const THING_STREAM = 'test-thing';

export const thingsProjection: Projection = {
  name: 'test-things',
  tables: ['test_things', 'test_thing_moves'],
  eventTypes: THING_EVENT_TYPES,
  async apply(batch, trx) {
    const events = eventsOfTypes<ThingEvent>(batch, THING_EVENT_TYPES);
    if (events.length === 0) return [];
    const created = events.flatMap((stored) =>
      stored.event.type === 'ThingCreated'
        ? [{ id: stored.streamId, tenantId: stored.tenantId, name: stored.event.data.name }]
        : [],
    );
    const moves = events.flatMap((stored) =>
      stored.event.type === 'ThingMoved'
        ? [
            {
              position: stored.globalPosition,
              thingId: stored.streamId,
              tenantId: stored.tenantId,
              delta: stored.event.data.delta,
            },
          ]
        : [],
    );
    if (created.length > 0) {
      await sql`
        insert into test_things (id, tenant_id, name, total)
        select id, tenant_id, name, 0 from unnest(
          ${created.map((row) => row.id)}::uuid[], ${created.map((row) => row.tenantId)}::uuid[],
          ${created.map((row) => row.name)}::text[]) as c(id, tenant_id, name)
        on conflict (id) do nothing`.execute(trx);
    }
    if (moves.length > 0) {
      await sql`
        insert into test_thing_moves (position, thing_id, tenant_id, delta)
        select * from unnest(
          ${moves.map((row) => row.position)}::bigint[], ${moves.map((row) => row.thingId)}::uuid[],
          ${moves.map((row) => row.tenantId)}::uuid[], ${moves.map((row) => row.delta)}::int[])
        on conflict (position) do nothing`.execute(trx);
    }
    const ids = [...new Set(events.map((stored) => stored.streamId))];
    // Recomputed from the moves, not incremented: replaying a batch changes nothing.
    await sql`
      update test_things t set total = m.total
      from (select thing_id, sum(delta)::int as total from test_thing_moves
            where thing_id = any(${ids}::uuid[]) group by thing_id) m
      where t.id = m.thing_id`.execute(trx);
    const tenants = new Map(events.map((stored) => [stored.streamId, stored.tenantId]));
    return [...tenants].map(([id, tenantId]): ProjectionChange => ({
      tenantId,
      type: 'thing',
      id,
    }));
  },
};

export async function createThingsTables(db: Kysely<Database>): Promise<void> {
  await dropThingsTables(db);
  await sql`
    create table test_things (
      id uuid primary key, tenant_id uuid not null, name text not null, total int not null)`.execute(
    db,
  );
  await sql`create index test_things_by_tenant on test_things (tenant_id, name)`.execute(db);
  await sql`
    create table test_thing_moves (
      position bigint primary key, thing_id uuid not null, tenant_id uuid not null, delta int not null)`.execute(
    db,
  );
  await sql`create index test_thing_moves_by_thing on test_thing_moves (thing_id, position)`.execute(
    db,
  );
}

export async function dropThingsTables(db: Kysely<Database>): Promise<void> {
  await sql`drop table if exists test_things, test_thing_moves`.execute(db);
  await sql`delete from projection_checkpoints where name = ${thingsProjection.name}`.execute(db);
}

/** Both tables' rows and indexes, in a stable order: what a rebuild must reproduce exactly. */
export async function thingsTables(db: Kysely<Database>) {
  return {
    things: (await sql`select * from test_things order by id`.execute(db)).rows,
    moves: (await sql`select * from test_thing_moves order by position`.execute(db)).rows,
    indexes: (
      await sql`select tablename, indexname, indexdef from pg_indexes
                where schemaname = 'public' and tablename in ('test_things', 'test_thing_moves')
                order by indexname`.execute(db)
    ).rows,
  };
}

export const thingMetadata = (): EventMetadata => ({
  actorId: randomUUID(),
  actorRole: 'system',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  commandId: randomUUID(),
});

/**
 * `things` things with `movesEach` moves each, in `transactions` transactions of one statement:
 * a log of thousands of events in a few hundred milliseconds. Returns the last event's checkpoint.
 */
export async function insertThings(
  db: Kysely<Database>,
  options: { transactions: number; thingsPerTransaction: number; movesEach: number },
) {
  const tenantId = randomUUID();
  for (let chunk = 0; chunk < options.transactions; chunk++) {
    await sql`
      with things as (select gen_random_uuid() as id from generate_series(1, ${options.thingsPerTransaction}))
      insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
      select ${tenantId}::uuid, ${THING_STREAM}, t.id, v,
             case when v = 1 then 'ThingCreated' else 'ThingMoved' end,
             case when v = 1 then jsonb_build_object('name', 'Coisa')
                  else jsonb_build_object('delta', v % 3 - 1) end,
             ${JSON.stringify(thingMetadata())}::jsonb
      from things t cross join generate_series(1, ${options.movesEach + 1}) v`.execute(db);
  }
  return logHead(db);
}

/** The checkpoint of the last event committed so far. */
export async function logHead(db: Kysely<Database>) {
  const head = (
    await sql<{ transactionId: string; globalPosition: number }>`
      select transaction_id::text, global_position from events
      order by events.transaction_id desc, events.global_position desc limit 1`.execute(db)
  ).rows[0];
  return { transactionId: head.transactionId, position: head.globalPosition };
}

import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database/database';
import type { Projection } from './projection';
import { applyNextBatch, projectionLockName, runBatch, useSchema } from './projection-runner';

export interface RebuildReport {
  projection: string;
  events: number;
  milliseconds: number;
}

const CHECKPOINTS_TABLE = 'projection_checkpoints';

/**
 * Replays the whole log into empty copies of the projection's tables in a fresh schema, one short
 * transaction per batch (never one long one: it would hold back every live projection), while the
 * live tables keep serving. Once caught up, a last transaction locks the live runner out, applies
 * the tail, swaps the fresh tables in and moves the live checkpoint to the rebuilt one.
 */
export async function rebuildProjection(
  db: Kysely<Database>,
  projection: Projection,
  options: { batchSize?: number } = {},
): Promise<RebuildReport> {
  const batchSize = options.batchSize ?? 5_000;
  const started = performance.now();
  const schema = `rebuild_${projection.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now()}`;
  await sql`create schema ${sql.id(schema)}`.execute(db);
  try {
    for (const table of [...projection.tables, CHECKPOINTS_TABLE])
      await copyTableShape(db, schema, table);
    let events = 0;
    for (;;) {
      const batch = await runBatch(db, projection, { batchSize, schema });
      if (batch.status === 'busy')
        throw new Error(`a projeção ${projection.name} já está sendo reconstruída`);
      events += batch.processed;
      if (batch.processed < batchSize) break;
    }
    events += await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${projectionLockName(projection.name)}))`.execute(
        trx,
      );
      const tail = await catchUp(trx, projection, schema, batchSize);
      await swapIn(trx, projection, schema);
      return tail;
    });
    return {
      projection: projection.name,
      events,
      milliseconds: Math.round(performance.now() - started),
    };
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  }
}

async function catchUp(
  trx: Transaction<Database>,
  projection: Projection,
  schema: string,
  batchSize: number,
): Promise<number> {
  await useSchema(trx, schema);
  let events = 0;
  for (;;) {
    const batch = await applyNextBatch(trx, projection, batchSize);
    events += batch.processed;
    if (batch.processed < batchSize) break;
  }
  await sql`select set_config('search_path', 'public', true)`.execute(trx);
  return events;
}

/**
 * `like ... including all` names the copied indexes after their columns; they are renamed to the
 * live indexes' names so the swapped-in tables look exactly like the migrated ones.
 */
async function copyTableShape(db: Kysely<Database>, schema: string, table: string): Promise<void> {
  await sql`create table ${sql.id(schema, table)} (like ${sql.id('public', table)} including all)`.execute(
    db,
  );
  const indexes = async (tableSchema: string) =>
    (
      await sql<{ name: string; definition: string }>`
        select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = ${`"${tableSchema}"."${table}"`}::regclass`.execute(db)
    ).rows.map((row) => ({
      name: row.name,
      shape: row.definition.replace(/^(CREATE (?:UNIQUE )?INDEX) \S+ ON \S+ /, '$1 '),
    }));
  const live = await indexes('public');
  for (const copy of await indexes(schema)) {
    const original = live.find((index) => index.shape === copy.shape);
    if (original && original.name !== copy.name) {
      await sql`alter index ${sql.id(schema, copy.name)} rename to ${sql.id(original.name)}`.execute(
        db,
      );
    }
  }
}

async function swapIn(
  trx: Transaction<Database>,
  projection: Projection,
  schema: string,
): Promise<void> {
  for (const table of projection.tables) {
    await sql`drop table ${sql.id('public', table)}`.execute(trx);
    await sql`alter table ${sql.id(schema, table)} set schema public`.execute(trx);
  }
  await sql`delete from public.projection_checkpoints where name = ${projection.name}`.execute(trx);
  await sql`
    insert into public.projection_checkpoints (name, transaction_id, global_position, updated_at)
    select name, transaction_id, global_position, now() from ${sql.id(schema, CHECKPOINTS_TABLE)} where name = ${projection.name}`.execute(
    trx,
  );
}

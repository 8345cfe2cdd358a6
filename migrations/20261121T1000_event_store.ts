import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigint generated always as identity primary key,
      transaction_id  xid8 not null default pg_current_xact_id(),
      tenant_id       uuid not null,
      stream_type     text not null,
      stream_id       uuid not null,
      stream_version  int not null,
      event_type      text not null,
      schema_version  smallint not null default 1,
      data            jsonb not null,
      metadata        jsonb not null,
      occurred_at     timestamptz not null default now(),
      constraint events_stream_version_unique unique (stream_id, stream_version)
    )`.execute(db);
  await sql`create index events_commit_order on events (transaction_id, global_position)`.execute(
    db,
  );
  await sql`create index events_tenant_stream on events (tenant_id, stream_type, stream_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table events`.execute(db);
}

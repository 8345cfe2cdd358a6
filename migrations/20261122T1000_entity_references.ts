import { type Kysely, sql } from 'kysely';

/**
 * Which entities exist, and which entities refer to them (a session to its student and location,
 * a student to its plan, a payment to its student), written in the same transaction as the events
 * that create, link or remove them. The foreign key makes "remove only what nothing refers to"
 * hold under concurrency: a removal and a new reference to the same entity can never both commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table entities (
      tenant_id uuid not null,
      kind      text not null,
      id        uuid not null,
      primary key (tenant_id, kind, id)
    )`.execute(db);
  await sql`
    create table entity_references (
      tenant_id   uuid not null,
      target_kind text not null,
      target_id   uuid not null,
      source_kind text not null,
      source_id   uuid not null,
      primary key (tenant_id, target_kind, target_id, source_kind, source_id),
      constraint entity_references_target_exists foreign key (tenant_id, target_kind, target_id)
        references entities (tenant_id, kind, id) on delete restrict
    )`.execute(db);
  await sql`create index entity_references_source on entity_references (tenant_id, source_kind, source_id)`.execute(
    db,
  );
  // Students registered before this table existed.
  await sql`
    insert into entities (tenant_id, kind, id)
    select tenant_id, 'student', id from students where removed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table entity_references`.execute(db);
  await sql`drop table entities`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The scheduling context.
 *
 * Written with the commands (inline, under the tenant's schedule lock): `schedule_entries`, the
 * time each session takes (cancelled ones keep their row with their status; deleted ones have
 * none), and `vacation_blocks`, the instants each active vacation blocks. The schedule guard
 * checks a new or moved session against both inside the command's transaction.
 *
 * Read models (the worker): `sessions`, `scheduling_students` and `scheduling_locations` (the
 * names and counts the agenda and the dashboard show, kept from the students' and locations'
 * events), `availability_settings` and `vacations`.
 *
 * `calendar_feeds`: the hash of each trainer's private iCal secret (a credential, not an event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // GiST over (tenant, time range): "which of this trainer's sessions overlap this one" stays an
  // index probe however long the trainer's history is.
  await sql`create extension if not exists btree_gist`.execute(db);

  await sql`
    create table schedule_entries (
      session_id    uuid primary key,
      tenant_id     uuid not null,
      student_id    uuid not null,
      series_id     uuid,
      inicio        timestamptz not null,
      fim           timestamptz not null,
      status        text not null,
      allow_overlap boolean not null
    )`.execute(db);
  await sql`
    create index schedule_entries_taken on schedule_entries
      using gist (tenant_id, tstzrange(inicio, fim)) where status <> 'cancelada'`.execute(db);
  await sql`
    create index schedule_entries_series on schedule_entries (tenant_id, series_id, inicio)
      where series_id is not null`.execute(db);

  await sql`
    create table vacation_blocks (
      vacation_id uuid primary key,
      tenant_id   uuid not null,
      starts_at   timestamptz not null,
      ends_at     timestamptz not null
    )`.execute(db);
  await sql`
    create index vacation_blocks_tenant on vacation_blocks
      using gist (tenant_id, tstzrange(starts_at, ends_at))`.execute(db);

  await sql`
    create table sessions (
      id          uuid primary key,
      tenant_id   uuid not null,
      student_id  uuid not null,
      location_id uuid,
      inicio      timestamptz not null,
      fim         timestamptz not null,
      status      text not null,
      confirmado  boolean not null,
      observacoes text,
      series_id   uuid,
      origin      text not null,
      version     int not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null,
      removed_at  timestamptz
    )`.execute(db);
  await sql`create index sessions_tenant_inicio on sessions (tenant_id, inicio) where removed_at is null`.execute(
    db,
  );

  for (const table of ['scheduling_students', 'scheduling_locations']) {
    await sql`
      create table ${sql.table(table)} (
        id         uuid primary key,
        tenant_id  uuid not null,
        nome       text not null,
        ativo      boolean not null,
        version    int not null,
        removed_at timestamptz
      )`.execute(db);
    await sql`create index ${sql.id(`${table}_tenant`)} on ${sql.table(table)} (tenant_id) where removed_at is null`.execute(
      db,
    );
  }

  await sql`
    create table availability_settings (
      tenant_id   uuid not null,
      ordem       int not null,
      day_of_week smallint not null,
      start_time  text not null,
      end_time    text not null,
      is_blocked  boolean not null,
      version     int not null,
      primary key (tenant_id, ordem)
    )`.execute(db);

  await sql`
    create table vacations (
      id          uuid primary key,
      tenant_id   uuid not null,
      start_date  date not null,
      end_date    date not null,
      description text,
      is_active   boolean not null,
      version     int not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null
    )`.execute(db);
  await sql`create index vacations_tenant_start on vacations (tenant_id, start_date) where is_active`.execute(
    db,
  );

  await sql`
    create table calendar_feeds (
      tenant_id   uuid primary key,
      secret_hash text not null unique,
      created_at  timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'calendar_feeds',
    'vacations',
    'availability_settings',
    'scheduling_locations',
    'scheduling_students',
    'sessions',
    'vacation_blocks',
    'schedule_entries',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  // btree_gist stays: an extension is the database's, and other tables may come to use it.
}

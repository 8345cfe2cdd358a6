import { type Kysely, sql } from 'kysely';

/**
 * Read models of the tasks context: the task lists (the default one has a row only once the
 * trainer changes it; until then the API answers it as DEFAULT_TASK_LIST) and the tasks.
 * `ordem` is a sort key with fractions (a task dragged between two others goes between them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table task_lists (
      id          uuid primary key,
      tenant_id   uuid not null,
      nome        text not null,
      cor         text not null,
      ordem       double precision not null,
      padrao      boolean not null default false,
      version     int not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null,
      removed_at  timestamptz
    )`.execute(db);
  await sql`create index task_lists_tenant_ordem on task_lists (tenant_id, ordem) where removed_at is null`.execute(
    db,
  );

  await sql`
    create table tasks (
      id               uuid primary key,
      tenant_id        uuid not null,
      titulo           text not null,
      descricao        text,
      data_vencimento  date,
      hora_vencimento  text,
      list_id          uuid not null,
      repeticao        text not null,
      concluida        boolean not null default false,
      concluida_em     timestamptz,
      ordem            double precision not null,
      anterior_id      uuid,
      proxima_id       uuid,
      version          int not null,
      created_at       timestamptz not null,
      updated_at       timestamptz not null,
      removed_at       timestamptz
    )`.execute(db);
  await sql`create index tasks_tenant_ordem on tasks (tenant_id, ordem) where removed_at is null`.execute(
    db,
  );
  await sql`create index tasks_tenant_vencimento on tasks (tenant_id, data_vencimento) where removed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tasks`.execute(db);
  await sql`drop table task_lists`.execute(db);
}

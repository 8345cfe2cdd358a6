import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's first steps: which of a trainer's first things have happened (a location, a plan,
 * a student, a session, the PIX key), one row per tenant, kept from those events by the worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table first_steps (
      tenant_id uuid primary key,
      local boolean not null default false,
      plano boolean not null default false,
      aluno boolean not null default false,
      sessao boolean not null default false,
      pix boolean not null default false
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists first_steps`.execute(db);
}

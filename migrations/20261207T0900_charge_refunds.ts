import { type Kysely, sql } from 'kysely';

/**
 * A paid charge the PSP gave back (a devolução, in whole or in part): how much went back, and the
 * credits of it the trainer has yet to say whether to remove ('Remover N créditos').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table charges
    add column valor_devolvido numeric(12,2) not null default 0,
    add column creditos_pendentes integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table charges
    drop column if exists valor_devolvido,
    drop column if exists creditos_pendentes`.execute(db);
}

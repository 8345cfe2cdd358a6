import { type Kysely, sql } from 'kysely';

/** A plan is billed 'avulso' (by 'Cobrar') or 'mensal' on a due day of every month (1 to 28). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table plans
      add column cobranca_tipo  text not null default 'avulso',
      add column dia_vencimento smallint not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table plans drop column cobranca_tipo, drop column dia_vencimento`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/** 'Pausar assinatura': the cycles a subscription's pause leaves out (AAAA-MM; until: null, until resumed). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions add column pausada_desde text, add column pausada_ate text`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table subscriptions drop column if exists pausada_desde, drop column if exists pausada_ate`.execute(
    db,
  );
}

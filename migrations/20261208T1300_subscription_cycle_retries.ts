import { type Kysely, sql } from 'kysely';

/**
 * When the cycles' clock next tries again a cycle the PSP failed to make (down, unreachable): the
 * earliest of the subscription's; null when none waits for the clock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions add column nova_tentativa_em timestamptz`.execute(db);
  await sql`
    create index subscriptions_retry on subscriptions (nova_tentativa_em)
      where nova_tentativa_em is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists subscriptions_retry`.execute(db);
  await sql`alter table subscriptions drop column if exists nova_tentativa_em`.execute(db);
}

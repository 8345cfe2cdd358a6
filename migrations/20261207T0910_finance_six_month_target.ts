import { type Kysely, sql } from 'kysely';

/**
 * `finance_settings.meta_seis_meses`: the onboarding's "how much a month in 6 months", a target of
 * its own. It had been seeded as the monthly goal; rows whose goals the trainer never saved move
 * it here, leaving no monthly goal (the summary's default, as the settings say).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table finance_settings add column meta_seis_meses numeric(12,2) not null default 0`.execute(
    db,
  );
  await sql`update finance_settings set meta_seis_meses = meta_mensal, meta_mensal = 0 where not goals_set`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update finance_settings set meta_mensal = meta_seis_meses where not goals_set`.execute(db);
  await sql`alter table finance_settings drop column meta_seis_meses`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Monthly plans that bill themselves. `subscriptions`: one row per student's subscription, written
 * in its command's transaction (subscribing twice at once cannot give two), with the next cycle's
 * due day the worker still has to charge (advanced as it issues them, cleared once none is left)
 * and a short claim so two workers never issue the same subscription's cycle at once. No personal
 * data here (the student's name and CPF stay in the sealed events): erasing a student leaves
 * nothing of theirs behind, and closing the account deletes the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table subscriptions (
      id                  uuid primary key,
      tenant_id           uuid not null,
      student_id          uuid not null,
      plan_id             uuid not null,
      plan_nome           text not null,
      valor               numeric(12,2) not null,
      dia_vencimento      smallint not null,
      inicio              date not null,
      status              text not null,
      proximo_vencimento  date,
      ultimo_vencimento   date,
      claimed_until       timestamptz,
      created_at          timestamptz not null,
      cancelled_at        timestamptz
    )`.execute(db);
  await sql`create index subscriptions_tenant on subscriptions (tenant_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create index subscriptions_due on subscriptions (proximo_vencimento)
      where proximo_vencimento is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists subscriptions`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Web Push: the devices each account receives notifications on (a read model of its consent
 * events), and the pushes claimed per cause and device, so a notification goes out once however
 * many workers retry it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id uuid primary key,
      tenant_id uuid not null,
      user_id uuid not null,
      student_id uuid,
      endpoint text not null,
      p256dh text not null,
      auth text not null,
      user_agent text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index push_subscriptions_recipient on push_subscriptions (tenant_id, student_id)`.execute(
    db,
  );
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);
  await sql`
    create table push_deliveries (
      cause text not null,
      subscription_id uuid not null,
      tenant_id uuid not null,
      sent_at timestamptz not null,
      primary key (cause, subscription_id)
    )`.execute(db);
  await sql`create index push_deliveries_tenant on push_deliveries (tenant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists push_deliveries`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
}

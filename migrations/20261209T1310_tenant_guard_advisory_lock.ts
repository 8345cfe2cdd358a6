import { type Kysely, sql } from 'kysely';

/**
 * The guard every append calls waits for a closing in progress through an advisory lock (shared by
 * the appends, exclusive for the closing) instead of a key-share lock on the tenant's row: a row
 * lock writes the row (its xmax, a multixact once two appends of a tenant overlap), the advisory
 * lock lives in memory. The closing takes it through `lock_tenant_for_closing`, so both sides name
 * the same lock in one place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function assert_tenant_open(tenant uuid) returns boolean language plpgsql volatile as $$
    declare closed timestamptz;
    begin
      perform pg_advisory_xact_lock_shared(410, hashtext(tenant::text));
      select closed_at into closed from tenants where id = tenant;
      if closed is not null then
        raise exception 'account % is closed', tenant using errcode = 'VR410';
      end if;
      return true;
    end $$`.execute(db);
  await sql`
    create function lock_tenant_for_closing(tenant uuid) returns void language sql volatile as $$
      select pg_advisory_xact_lock(410, hashtext(tenant::text));
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists lock_tenant_for_closing(uuid)`.execute(db);
  await sql`
    create or replace function assert_tenant_open(tenant uuid) returns boolean language plpgsql volatile as $$
    declare closed timestamptz;
    begin
      select closed_at into closed from tenants where id = tenant for key share;
      if closed is not null then
        raise exception 'account % is closed', tenant using errcode = 'VR410';
      end if;
      return true;
    end $$`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * A closed account keeps its tenant row, blanked and marked closed, so every append after the
 * closing is refused in the append's own statement: `assert_tenant_open` locks the row (key
 * share), so it waits for a closing in progress and then sees it closed (SQLSTATE VR410). A
 * tenant without a row (never signed up through the app) is not refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants add column closed_at timestamptz`.execute(db);
  await sql`
    create function assert_tenant_open(tenant uuid) returns boolean language plpgsql volatile as $$
    declare closed timestamptz;
    begin
      select closed_at into closed from tenants where id = tenant for key share;
      if closed is not null then
        raise exception 'account % is closed', tenant using errcode = 'VR410';
      end if;
      return true;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists assert_tenant_open(uuid)`.execute(db);
  await sql`alter table tenants drop column if exists closed_at`.execute(db);
}

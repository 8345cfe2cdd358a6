import { type Kysely, sql } from 'kysely';

/**
 * The names the scheduling context keeps of students and locations, indexed by tenant AND id: a
 * session's student or location is found with one probe of the index, the tenant kept as a guard.
 * Indexed by tenant alone, the plan PostgreSQL keeps for the prepared agenda read (a generic plan,
 * estimated on the average trainer) read all of a trainer's names again for each of their sessions.
 */
const TABLES = ['scheduling_students', 'scheduling_locations'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop index ${sql.id(`${table}_tenant`)}`.execute(db);
    await sql`create index ${sql.id(`${table}_tenant`)} on ${sql.table(table)} (tenant_id, id) where removed_at is null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop index ${sql.id(`${table}_tenant`)}`.execute(db);
    await sql`create index ${sql.id(`${table}_tenant`)} on ${sql.table(table)} (tenant_id) where removed_at is null`.execute(
      db,
    );
  }
}

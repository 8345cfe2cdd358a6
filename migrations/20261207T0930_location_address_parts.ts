import { type Kysely, sql } from 'kysely';

/**
 * A location's address in the parts the form gave (CEP lookup, street, number...), so editing it
 * offers the same fields as creating it; null for an address given whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations add column partes jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations drop column if exists partes`.execute(db);
}

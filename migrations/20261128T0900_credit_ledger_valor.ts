import { type Kysely, sql } from 'kysely';

/**
 * A payment's line in a student's history carries its value (signed reais: + received, - voided),
 * so the history shows 'R$ 480,00' where it showed 0 credits. Lines already projected take it from
 * their own event (the line's position is the event's global position).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_ledger add column valor numeric(12,2)`.execute(db);
  await sql`
    update credit_ledger line
       set valor = (case when line.type = 'PaymentVoided' then -1 else 1 end)
                   * (event.data->>'valorCentavos')::numeric / 100
      from events event
     where event.global_position = line.position
       and line.type in ('PaymentReceived', 'PaymentVoided')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_ledger drop column valor`.execute(db);
}

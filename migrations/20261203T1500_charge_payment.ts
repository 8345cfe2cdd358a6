import { type Kysely, sql } from 'kysely';

/**
 * `charges.pagamento`: how a charge is paid, 'pix' (its Pix Copia e Cola) or 'pix-automatico' (a
 * Pix Automático cycle, cobr, that the student's bank debits: no code to copy). Filled from the
 * log for the cobr made before it existed, unless the PSP ended it unpaid since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table charges add column pagamento text not null default 'pix'`.execute(db);
  await sql`
    update charges set pagamento = 'pix-automatico'
     where id in (select stream_id from events
                   where event_type = 'ChargeCreated' and data->>'tipoCob' = 'cobr')
       and id not in (select stream_id from events
                       where event_type = 'ChargeAutomaticDebitEnded')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table charges drop column pagamento`.execute(db);
}

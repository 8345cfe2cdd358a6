import { type Kysely, sql } from 'kysely';

/**
 * Public booking. `public_booking_counts`: how many public bookings each phone made with a
 * trainer on a day (São Paulo), claimed atomically before a booking (at most
 * PUBLIC_BOOKINGS_PER_PHONE_PER_DAY) and given back when the booking fails. The link settings are
 * an event stream read whole (no table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table public_booking_counts (
      tenant_id uuid not null,
      telefone  text not null,
      day       date not null,
      count     int not null,
      primary key (tenant_id, telefone, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table public_booking_counts`.execute(db);
}

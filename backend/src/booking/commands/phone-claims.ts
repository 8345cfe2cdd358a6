import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '../../platform/database/database.module';

/** The per-phone daily allowance of public bookings (table public_booking_counts). */
@Injectable()
export class PhoneClaims {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Takes one of `max` bookings of `telefone` on `day`; false when all are taken (atomic). */
  async claim(tenantId: string, telefone: string, day: string, max: number): Promise<boolean> {
    const { rows } = await sql<{ count: number }>`
      insert into public_booking_counts as claims (tenant_id, telefone, day, count)
      values (${tenantId}::uuid, ${telefone}, ${day}::date, 1)
      on conflict (tenant_id, telefone, day) do update set count = claims.count + 1
        where claims.count < ${max}
      returning count`.execute(this.db);
    return rows.length > 0;
  }

  /** Gives back a claim whose booking did not happen (the row goes when nothing is left). */
  async release(tenantId: string, telefone: string, day: string): Promise<void> {
    const claim = sql`tenant_id = ${tenantId}::uuid and telefone = ${telefone} and day = ${day}::date`;
    const gone = await sql`delete from public_booking_counts where ${claim} and count <= 1`.execute(
      this.db,
    );
    if (Number(gone.numAffectedRows ?? 0) > 0) return;
    await sql`update public_booking_counts set count = count - 1 where ${claim} and count > 1`.execute(
      this.db,
    );
  }
}

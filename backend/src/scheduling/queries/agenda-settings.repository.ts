import { Inject, Injectable } from '@nestjs/common';
import type { AvailabilityRow, Vacation } from '../../contracts/scheduling/api';
import { DATABASE, type Db } from '../../platform/database/database.module';

/** The only code that reads the availability and vacations read models; scoped by tenant. */
@Injectable()
export class AgendaSettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** The rows as last saved, in the order they were sent. */
  async availability(tenantId: string): Promise<AvailabilityRow[]> {
    return this.db
      .selectFrom('availabilitySettings')
      .select(['dayOfWeek', 'startTime', 'endTime', 'isBlocked'])
      .where('tenantId', '=', tenantId)
      .orderBy('ordem')
      .execute();
  }

  /** The active vacation periods, by start date (removed ones leave the list). */
  async vacations(tenantId: string): Promise<Vacation[]> {
    return this.db
      .selectFrom('vacations')
      .select(['id', 'startDate', 'endDate', 'description'])
      .where('tenantId', '=', tenantId)
      .where('isActive', '=', true)
      .orderBy('startDate')
      .orderBy('id')
      .execute();
  }
}

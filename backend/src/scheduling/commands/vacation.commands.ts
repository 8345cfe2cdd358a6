import { Injectable } from '@nestjs/common';
import { DEFAULT_TIME_ZONE } from '../../contracts/shared/time';
import { vacationRange } from '../../contracts/scheduling/api';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import {
  vacationDecider,
  type VacationEvent,
  type VacationState,
} from '../domain/vacation.decider';
import { scheduleGuard } from './schedule-guard';

/**
 * `vacation_blocks`, written under the trainer's schedule lock: a booking checked at the same
 * moment sees the vacation or commits before it, never in between.
 */
const vacationBlocks: InlineProjection<VacationEvent, VacationState> = {
  eventTypes: ['VacationStarted', 'VacationEnded'],
  async apply(trx, { tenantId, streamId, events }) {
    await scheduleGuard.lock(trx, tenantId);
    for (const event of events) {
      if (event.type === 'VacationStarted') {
        const { from, to } = vacationRange(event.data, DEFAULT_TIME_ZONE);
        await trx
          .insertInto('vacationBlocks')
          .values({ vacationId: streamId, tenantId, startsAt: from, endsAt: to })
          .execute();
      } else {
        await trx.deleteFrom('vacationBlocks').where('vacationId', '=', streamId).execute();
      }
    }
  },
};

/** Every vacation command, decided on the period's stream. */
@Injectable()
export class VacationCommands extends commandHandlerFor(vacationDecider, vacationBlocks) {}

import { Global, Module } from '@nestjs/common';
import { SlotBooking } from '../contracts/scheduling/ports';
import { ReminderAnswers, StudentSchedule } from '../contracts/scheduling/ports';
import { AgendaSettingsController } from './agenda-settings.controller';
import { CalendarController } from './calendar.controller';
import { AvailabilityCommands } from './commands/availability.commands';
import { SessionReminderAnswers } from './commands/reminder-answers';
import { SessionScheduling } from './commands/session-scheduling';
import { EngineSlotBooking } from './commands/slot-booking';
import { SessionCommands } from './commands/session.commands';
import { StudentScheduleService } from './commands/student-schedule';
import { VacationCommands } from './commands/vacation.commands';
import { DashboardController } from './dashboard.controller';
import { AgendaSettingsRepository } from './queries/agenda-settings.repository';
import { CalendarFeedService } from './application/calendar-feed.service';
import { CalendarFeeds } from './queries/calendar-feeds';
import { SessionsRepository } from './queries/sessions.repository';
import { SessionsController } from './sessions.controller';

/** Global: other contexts book through its SlotBooking port and read a student's next sessions. */
@Global()
@Module({
  controllers: [
    SessionsController,
    DashboardController,
    AgendaSettingsController,
    CalendarController,
  ],
  providers: [
    SessionCommands,
    SessionScheduling,
    AvailabilityCommands,
    VacationCommands,
    SessionsRepository,
    AgendaSettingsRepository,
    CalendarFeeds,
    CalendarFeedService,
    { provide: SlotBooking, useClass: EngineSlotBooking },
    StudentScheduleService,
    { provide: StudentSchedule, useExisting: StudentScheduleService },
    { provide: ReminderAnswers, useClass: SessionReminderAnswers },
  ],
  exports: [SlotBooking, StudentSchedule, ReminderAnswers],
})
export class SchedulingModule {}

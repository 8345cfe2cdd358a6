import type { BoundedContext } from '../platform/context/bounded-context';
import { sessionPersonalData } from '../contracts/scheduling/events';
import { ReminderAnswers } from '../contracts/scheduling/ports';
import { SessionReminderAnswers } from './commands/reminder-answers';
import { schedulingProjections } from './projections';
import { SchedulingModule } from './scheduling.module';
import { schedulingTables } from './scheduling.tables';
import { sessionsOfErasedStudents } from './process-managers/sessions-of-erased-students';

/**
 * The agenda: sessions under the schedule guard (no overlaps unless asked, nothing in a vacation),
 * recurring series, availability and vacations, the dashboard and the private calendar feed.
 */
export const schedulingContext: BoundedContext = {
  name: 'scheduling',
  tables: schedulingTables,
  module: SchedulingModule,
  projections: schedulingProjections,
  personalData: [sessionPersonalData],
  processManagers: [sessionsOfErasedStudents],
  workerPorts: [
    { port: ReminderAnswers, create: ({ commands }) => new SessionReminderAnswers(commands) },
  ],
};

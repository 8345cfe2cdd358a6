import { sql } from 'kysely';
import type { BoundedContext } from '../platform/context/bounded-context';
import {
  type ReminderJob,
  remindersSweep,
  REMINDERS_QUEUE,
  SEND_REMINDER,
  sendDueReminders,
} from './jobs/reminder-delivery';
import { reminderJobsProcessManager } from './process-managers/reminder-jobs';
import { REMINDER_PROJECTIONS } from './projections';
import { remindersConfigShape } from './reminders.config';
import { RemindersModule } from './reminders.module';
import { remindersTables } from './reminders.tables';

/**
 * Reminders that go out by themselves: the student's e-mail before each booked session (a delayed
 * job per session, a sweep every minute as the safety net) and the trainer's 'Lembretes de amanhã'.
 */
export const remindersContext: BoundedContext = {
  name: 'reminders',
  tables: remindersTables,
  module: RemindersModule,
  projections: REMINDER_PROJECTIONS,
  processManagers: [reminderJobsProcessManager],
  config: remindersConfigShape,
  jobs: {
    [REMINDERS_QUEUE]: {
      [SEND_REMINDER]: async (data, services) => {
        await sendDueReminders(services, data as ReminderJob);
      },
    },
  },
  timers: [remindersSweep],
  // The delayed jobs' ids are kept by session, without the tenant: found through its sessions.
  async closeAccount(trx, tenantId) {
    await sql`
      delete from reminder_jobs where session_id in (
        select id from reminder_sessions where tenant_id = ${tenantId}::uuid)`.execute(trx);
  },
};

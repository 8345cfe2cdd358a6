import { availabilityKey } from './availability';
import { chargesKey } from './charges';
import { contractsKey } from './contracts';
import { dashboardKey } from './dashboard';
import { financeSeriesKey, financeSummaryKey } from './finance-summary';
import { goalsKey } from './goals';
import { locationsKey } from './locations';
import { meKey } from './me';
import { plansKey } from './plans';
import { remindersKey } from './reminders';
import { sessionsKey, studentSessionsKey } from './sessions';
import { settingsRemindersKey } from './settings-reminders';
import {
  studentConsentsKey,
  studentContractsKey,
  studentHistoryKey,
  studentLocationsKey,
  studentMeKey,
  studentSlotsKey,
} from './student-area';
import { studentsKey } from './students';
import { subscriptionsKey } from './subscriptions';
import { taskListsKey } from './task-lists';
import { tasksKey } from './tasks';
import { transactionsKey } from './transactions';
import { vacationsKey } from './vacations';
import { whatsAppSettingsKey } from './whatsapp';
import type { InvalidationMap } from '../lib/realtime';

/**
 * For each change type the worker pushes (contracts/shared/realtime.ts), the query keys it makes stale:
 * the one map of what changes what, read for a socket's changes and for a command's own answer (the
 * changes its operation declares, entities/operation.ts). A new change type in contracts/ does not
 * compile until it is mapped.
 */
export const invalidatedByChange: InvalidationMap = {
  onboarding: [meKey],
  student: [studentsKey],
  credit: [studentsKey],
  plan: [plansKey],
  location: [locationsKey],
  task: [tasksKey],
  'task-list': [taskListsKey],
  session: [sessionsKey, studentSessionsKey, dashboardKey],
  // Comes with the sessions' own changes: nothing more to refetch.
  schedule: [sessionsKey],
  availability: [availabilityKey],
  vacation: [vacationsKey],
  // The dashboard's counts and every session shown with that name (a student booked online is named
  // a moment after their session arrives).
  directory: [dashboardKey, sessionsKey, studentSessionsKey],
  reminder: [remindersKey, settingsRemindersKey],
  // A transaction moves its month's list and details, the summary and the chart.
  transaction: [transactionsKey, financeSummaryKey, financeSeriesKey],
  'finance-summary': [financeSummaryKey, financeSeriesKey],
  // The goal changes aderência.
  'finance-goals': [goalsKey, financeSummaryKey],
  // A contract or a signature: the trainer's list, its counts and signatures.
  contract: [contractsKey],
  // A paid cycle moves its subscription's next due day.
  charge: [chargesKey, subscriptionsKey],
  subscription: [subscriptionsKey],
  // Every answer naming the erased student is dropped or read again (lib/realtime's forgetEveryCopyOf);
  // the list of students and the dashboard are read again in any case ('Titular removido').
  erasure: [studentsKey, dashboardKey],
  // A step of the dashboard's first steps was done.
  'first-steps': [dashboardKey],
  // Meta reviewed a template (Ajustes › WhatsApp shows it live).
  whatsapp: [whatsAppSettingsKey],
};

/**
 * The same for a student's own screens: their socket hears only of their own changes (balance,
 * sessions, signatures) and of what every student of the tenant reads (policies, contracts, the
 * trainer's hours), never of the rest of the business.
 */
export const invalidatedForStudent: InvalidationMap = {
  onboarding: [],
  student: [studentMeKey],
  credit: [studentMeKey, studentHistoryKey],
  plan: [],
  location: [studentMeKey, studentLocationsKey, studentSlotsKey],
  task: [],
  'task-list': [],
  session: [studentMeKey],
  // Any student's booking, or the trainer's, takes a slot from everyone.
  schedule: [studentSlotsKey],
  availability: [studentSlotsKey],
  vacation: [studentSlotsKey],
  directory: [],
  reminder: [],
  transaction: [],
  'finance-summary': [],
  'finance-goals': [],
  contract: [studentContractsKey, studentConsentsKey, studentMeKey],
  charge: [studentMeKey],
  subscription: [],
  // Only the trainer's screens hear of an erasure: the student's own sessions end with it.
  erasure: [],
  'first-steps': [],
  whatsapp: [],
};

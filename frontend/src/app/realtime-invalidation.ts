import { availabilityKey } from '../entities/availability/keys';
import { chargesKey } from '../entities/charges/keys';
import { contractsKey } from '../entities/contracts/keys';
import { dashboardKey } from '../entities/dashboard/keys';
import { financeSeriesKey, financeSummaryKey } from '../entities/finance-summary/keys';
import { goalsKey } from '../entities/goals/keys';
import { locationsKey } from '../entities/locations/keys';
import { meKey } from '../entities/me/keys';
import { plansKey } from '../entities/plans/keys';
import { remindersKey } from '../entities/reminders/keys';
import { sessionsKey, studentSessionsKey } from '../entities/sessions/keys';
import { settingsRemindersKey } from '../entities/settings-reminders/keys';
import {
  studentContractsKey,
  studentHistoryKey,
  studentLocationsKey,
  studentMeKey,
  studentSlotsKey,
} from '../entities/student-area/keys';
import { studentsKey } from '../entities/students/keys';
import { subscriptionsKey } from '../entities/subscriptions/keys';
import { taskListsKey } from '../entities/task-lists/keys';
import { tasksKey } from '../entities/tasks/keys';
import { transactionsKey } from '../entities/transactions/keys';
import { vacationsKey } from '../entities/vacations/keys';
import type { InvalidationMap } from '../lib/realtime';

/**
 * For each change type the worker pushes (contracts/shared/realtime.ts), the query keys it makes stale.
 * The one place that knows which feature shows which change (app/ may import every feature; lib/
 * and the features may not). A new change type in contracts/ does not compile until it is mapped.
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
  contract: [studentContractsKey, studentMeKey],
  charge: [studentMeKey],
  subscription: [],
  // Only the trainer's screens hear of an erasure: the student's own sessions end with it.
  erasure: [],
  'first-steps': [],
};

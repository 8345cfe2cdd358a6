import { agendaKeys } from '../features/agenda/api/agenda-keys';
import { chargeKeys } from '../features/charges/api/charge-keys';
import { contractKeys } from '../features/contracts/api/contract-keys';
import { dashboardKeys } from '../features/dashboard/api/dashboard-keys';
import { financeKeys } from '../features/finance/api/finance-keys';
import { locationKeys } from '../features/locations/api/location-keys';
import { planKeys } from '../features/plans/api/plan-keys';
import { studentKeys } from '../features/students/api/student-keys';
import { taskKeys } from '../features/tasks/api/task-keys';
import { reminderKeys } from '../features/reminders/api/reminder-keys';
import { studentAreaKeys } from '../features/student-area/api/student-area-keys';
import { meKeys } from '../lib/me';
import type { InvalidationMap } from '../lib/realtime';

/**
 * For each change type the worker pushes (contracts/realtime.ts), the query keys it makes stale.
 * The one place that knows which feature shows which change (app/ may import every feature; lib/
 * and the features may not). A new change type in contracts/ does not compile until it is mapped.
 */
export const invalidatedByChange: InvalidationMap = {
  onboarding: [meKeys.all],
  student: [studentKeys.all, agendaKeys.students()],
  credit: [studentKeys.all, agendaKeys.students()],
  plan: [planKeys.all],
  location: [locationKeys.all, agendaKeys.locations()],
  task: [taskKeys.tasks(), agendaKeys.tasks()],
  'task-list': [taskKeys.lists()],
  session: [agendaKeys.sessions(), dashboardKeys.all],
  // Comes with the sessions' own changes: nothing more to refetch.
  schedule: [agendaKeys.sessions()],
  availability: [agendaKeys.availability()],
  vacation: [agendaKeys.vacations()],
  // The dashboard's counts and every session shown with that name (a student booked online is named
  // a moment after their session arrives).
  directory: [dashboardKeys.all, agendaKeys.sessions()],
  reminder: [reminderKeys.all],
  // A transaction moves its month's list and details, the summary and the chart.
  transaction: [financeKeys.all],
  'finance-summary': [financeKeys.summaries(), [...financeKeys.all, 'series']],
  // The goal changes aderência.
  'finance-goals': [financeKeys.goals(), financeKeys.summaries()],
  // A contract or a signature: the trainer's list, its counts and signatures.
  contract: [contractKeys.all],
  charge: [chargeKeys.all],
};

/**
 * The same for a student's own screens: their socket hears only of their own changes (balance,
 * sessions, signatures) and of what every student of the tenant reads (policies, contracts, the
 * trainer's hours), never of the rest of the business.
 */
export const invalidatedForStudent: InvalidationMap = {
  onboarding: [],
  student: [studentAreaKeys.me()],
  credit: [studentAreaKeys.me(), studentAreaKeys.history()],
  plan: [],
  location: [studentAreaKeys.me(), studentAreaKeys.locations(), studentAreaKeys.everySlot()],
  task: [],
  'task-list': [],
  session: [studentAreaKeys.me()],
  // Any student's booking, or the trainer's, takes a slot from everyone.
  schedule: [studentAreaKeys.everySlot()],
  availability: [studentAreaKeys.everySlot()],
  vacation: [studentAreaKeys.everySlot()],
  directory: [],
  reminder: [],
  transaction: [],
  'finance-summary': [],
  'finance-goals': [],
  contract: [studentAreaKeys.contracts(), studentAreaKeys.me()],
  charge: [],
};

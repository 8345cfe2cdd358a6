import { advisorContext } from './advisor/advisor.context';
import { agreementsContext } from './agreements/agreements.context';
import { bookingContext } from './booking/booking.context';
import { chargesContext } from './charges/charges.context';
import { type AppConfig, parseConfig } from './config/config';
import { registerPersonalData } from './contracts/shared/personal-data';
import { financeContext } from './finance/finance.context';
import { identityContext } from './identity/identity.context';
import type { BoundedContext } from './platform/context/bounded-context';
import { withDataErasure } from './platform/personal-data/erasure';
import { personalDataVault } from './platform/personal-data/vault';
import type { Projection } from './platform/projections/projection';
import { locationsContext } from './locations/locations.context';
import { messagingContext } from './messaging/messaging.context';
import { plansContext } from './plans/plans.context';
import { remindersContext } from './reminders/reminders.context';
import { schedulingContext } from './scheduling/scheduling.context';
import { studentAreaContext } from './student-area/student-area.context';
import { studentsContext } from './students/students.context';
import { tasksContext } from './tasks/tasks.context';

/** Every bounded context of the app: the API, the worker and the configuration read this list. */
export const CONTEXTS: readonly BoundedContext[] = [
  identityContext,
  studentsContext,
  plansContext,
  locationsContext,
  studentAreaContext,
  tasksContext,
  schedulingContext,
  remindersContext,
  financeContext,
  advisorContext,
  bookingContext,
  agreementsContext,
  chargesContext,
  messagingContext,
];

for (const context of CONTEXTS)
  for (const declared of context.personalData ?? []) registerPersonalData(declared);

/** Every read model of the app, from the contexts' manifests, each applying erasures too. */
export const PROJECTIONS = CONTEXTS.flatMap((context) => context.projections ?? []).map(
  withDataErasure,
);
/** `projections` (a context's own list) as the app runs them: applying erasures and closings too. */
export const asTheAppRuns = (projections: readonly { name: string }[]): Projection[] =>
  PROJECTIONS.filter((projection) => projections.some((own) => own.name === projection.name));

/** Every process manager of the app (run by the worker, never rebuilt). */
export const PROCESS_MANAGERS = CONTEXTS.flatMap((context) => context.processManagers ?? []);

/** The process configuration: the platform's settings and every context's, parsed once. */
export function appConfigFrom(env: NodeJS.ProcessEnv): AppConfig {
  const config = parseConfig(
    env,
    CONTEXTS.flatMap((context) => (context.config ? [context.config] : [])),
  );
  personalDataVault.useMasterKey(config.PERSONAL_DATA_KEY);
  return config;
}

let cached: AppConfig | undefined;

/** The configuration of this process, from its environment. */
export function loadAppConfig(): AppConfig {
  cached ??= appConfigFrom(process.env);
  return cached;
}

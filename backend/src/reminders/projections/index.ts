import { reminderLocationsProjection } from './locations.projection';
import { reminderSessionsProjection } from './sessions.projection';
import { reminderSettingsProjection } from './settings.projection';
import { reminderStudentsProjection } from './students.projection';

export { reminderSettingsProjection };

/** The read models of the reminders context, run by the worker. */
export const REMINDER_PROJECTIONS = [
  reminderSessionsProjection,
  reminderStudentsProjection,
  reminderLocationsProjection,
  reminderSettingsProjection,
];
export const REMINDER_PROJECTION_NAMES = REMINDER_PROJECTIONS.map((projection) => projection.name);

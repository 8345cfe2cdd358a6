import { availabilityProjection } from './availability.projection';
import {
  schedulingLocationsProjection,
  schedulingStudentsProjection,
} from './directory.projection';
import { firstStepsProjection } from './first-steps.projection';
import { sessionsProjection } from './sessions.projection';
import { vacationsProjection } from './vacations.projection';

export const SESSIONS_PROJECTION = sessionsProjection.name;
export const SCHEDULING_STUDENTS_PROJECTION = schedulingStudentsProjection.name;
export const SCHEDULING_LOCATIONS_PROJECTION = schedulingLocationsProjection.name;
export const AVAILABILITY_PROJECTION = availabilityProjection.name;
export const VACATIONS_PROJECTION = vacationsProjection.name;
export const FIRST_STEPS_PROJECTION = firstStepsProjection.name;

/** What the agenda and the dashboard read: sessions with their students' and locations' names. */
export const AGENDA_PROJECTIONS = [
  SESSIONS_PROJECTION,
  SCHEDULING_STUDENTS_PROJECTION,
  SCHEDULING_LOCATIONS_PROJECTION,
];

/** The read models of the scheduling context, run by the worker. */
export const schedulingProjections = [
  sessionsProjection,
  schedulingStudentsProjection,
  schedulingLocationsProjection,
  availabilityProjection,
  vacationsProjection,
  firstStepsProjection,
];

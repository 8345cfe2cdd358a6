import { locationsProjection } from './locations.projection';

export const LOCATIONS_PROJECTION = locationsProjection.name;

/** The read models of the locations context, run by the worker. */
export const locationProjections = [locationsProjection];

import type { BoundedContext } from '../platform/context/bounded-context';
import { locationsConfigShape } from './locations.config';
import { LocationsModule } from './locations.module';
import { locationProjections } from './projections';
import { locationsTables } from './locations.tables';

/** Where a trainer works, with each place's cancellation policy and the postal-code lookup. */
export const locationsContext: BoundedContext = {
  name: 'locations',
  tables: locationsTables,
  module: LocationsModule,
  projections: locationProjections,
  config: locationsConfigShape,
};

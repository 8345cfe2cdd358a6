import type { BoundedContext } from '../platform/context/bounded-context';
import { locationsConfigShape } from './locations.config';
import { LocationsModule } from './locations.module';
import { locationProjections } from './projections';

/** Where a trainer works, with each place's cancellation policy and the postal-code lookup. */
export const locationsContext: BoundedContext = {
  name: 'locations',
  module: LocationsModule,
  projections: locationProjections,
  config: locationsConfigShape,
};

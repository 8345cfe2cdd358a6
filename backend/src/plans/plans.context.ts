import type { BoundedContext } from '../platform/context/bounded-context';
import { PlansModule } from './plans.module';
import { planProjections } from './projections';
import { plansTables } from './plans.tables';

/** Plans a trainer sells: a price and the credits they grant. */
export const plansContext: BoundedContext = {
  name: 'plans',
  tables: plansTables,
  module: PlansModule,
  projections: planProjections,
};

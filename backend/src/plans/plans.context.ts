import type { BoundedContext } from '../platform/context/bounded-context';
import { PlansModule } from './plans.module';
import { planProjections } from './projections';

/** Plans a trainer sells: a price and the credits they grant. */
export const plansContext: BoundedContext = {
  name: 'plans',
  module: PlansModule,
  projections: planProjections,
};

import type { BoundedContext } from '../platform/context/bounded-context';
import { chargesConfigShape } from './charges.config';
import { ChargesModule } from './charges.module';
import { chargeSettlement } from './process-managers/charge-settlement';
import { chargeProjections } from './projections';

/**
 * Getting paid: the trainer's PIX settings, charges of a plan with their static BR Code, paid
 * once (by hand or by a PSP's signed notification), which records the receita and grants the
 * plan's credits once (finance's and students' ports).
 */
export const chargesContext: BoundedContext = {
  name: 'charges',
  module: ChargesModule,
  projections: chargeProjections,
  processManagers: [chargeSettlement],
  config: chargesConfigShape,
};

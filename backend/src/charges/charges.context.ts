import type { BoundedContext } from '../platform/context/bounded-context';
import { chargePersonalData, subscriptionPersonalData } from '../contracts/charges/events';
import { chargesConfigShape } from './charges.config';
import { ChargesModule } from './charges.module';
import { chargeSettlement } from './process-managers/charge-settlement';
import { chargeWhatsAppNotices } from './process-managers/charge-whatsapp-notices';
import { cycleChargeNotices } from './process-managers/cycle-charge-notices';
import { lateCancelFee } from './process-managers/late-cancel-fee';
import { subscriptionCycles, subscriptionCyclesClock } from './process-managers/subscription-cycles';
import { chargeProjections } from './projections';
import { pixReconciliation } from './psp/pix-reconciliation';
import { chargesTables } from './charges.tables';
import { chargesOfErasedStudents } from './process-managers/charges-of-erased-students';
import { chargesRemovedAtPsp } from './process-managers/charges-removed-at-psp';

/**
 * Getting paid: the trainer's PIX settings (by hand, or through their PSP's API Pix), charges of a
 * plan with their static BR Code or the PSP's dynamic one, paid once (by hand, by a PSP's
 * notification confirmed with the PSP, or found paid by the worker's reconciliation), which records
 * the receita and grants the plan's credits once (finance's and students' ports); students
 * subscribed to a monthly plan get a charge every cycle, made by the worker ahead of the due day,
 * and a notice of it once (WhatsApp, else e-mail); a new charge and a payment also reach the
 * student by WhatsApp.
 */
export const chargesContext: BoundedContext = {
  name: 'charges',
  tables: chargesTables,
  module: ChargesModule,
  projections: chargeProjections,
  personalData: [chargePersonalData, subscriptionPersonalData],
  processManagers: [
    chargeSettlement,
    lateCancelFee,
    cycleChargeNotices,
    chargeWhatsAppNotices,
    chargesOfErasedStudents,
    subscriptionCycles,
    chargesRemovedAtPsp,
  ],
  config: chargesConfigShape,
  timers: [pixReconciliation, subscriptionCyclesClock],
};

import type { PixSettings } from '../../contracts/charges/pix';
import { chargeEvents } from '../../contracts/charges/events';
import { pickEvents } from '../../platform/event-store/event';
import { loadState } from '../../platform/event-store/load-state';
import { processManager } from '../../platform/projections/process-manager';
import { currentPixSettings } from '../commands/charge.commands';
import { chargeDecider } from '../domain/charge.decider';
import { ApiPixError } from '../psp/api-pix-client';
import { workerPspConnections } from '../psp/psp-connections';

export const CHARGES_REMOVED_AT_PSP = 'charges-removed-at-psp';

/**
 * A charge cancelled here (by the trainer, a subscription that no longer bills the cycle, an
 * erasure, the account's closing) is taken off the trainer's PSP too, so its QR Code and Pix Copia
 * e Cola stop being payable: an immediate or due-date charge is removed (PATCH /cob or /cobv, status
 * REMOVIDA_PELO_USUARIO_RECEBEDOR), a Pix Automático one cancelled (PATCH /cobr, CANCELADA) so the
 * student's bank debits nothing. A PSP that answers it cannot (paid meanwhile, removed already:
 * 400 or 404) is left: a Pix it confirms for a cancelled charge is still recorded (the decider).
 * One that fails otherwise is logged and left too: one trainer's PSP never holds the others back.
 */
export const chargesRemovedAtPsp = processManager({
  name: CHARGES_REMOVED_AT_PSP,
  reactsTo: pickEvents(chargeEvents, ['ChargeCancelled']),
  async handle(events, services) {
    const settings = new Map<string, Promise<PixSettings | undefined>>();
    for (const event of events) {
      const { tenantId, streamId: chargeId } = event;
      const { state } = await loadState(services.db, tenantId, chargeId, chargeDecider);
      // Paid since (the PSP confirmed a Pix after the cancel): nothing left to take off.
      if (state.status !== 'cancelada' || state.charge.provedor !== 'api-pix') continue;
      const { txid, tipoCob = 'cob' } = state.charge;
      if (!settings.has(tenantId)) settings.set(tenantId, currentPixSettings(services.db, tenantId));
      try {
        const client = await workerPspConnections(services).clientOfSettings(
          tenantId,
          await settings.get(tenantId),
        );
        if (!client) continue;
        if (tipoCob === 'cobr') await client.cancelCobr(txid);
        else await client.removeCob(tipoCob, txid);
      } catch (error) {
        if (!(error instanceof ApiPixError && (error.status === 404 || error.status === 400)))
          services.logger.warn(
            { err: error, chargeId, tenantId },
            'Cobrança cancelada não retirada do PSP',
          );
      }
    }
  },
});
